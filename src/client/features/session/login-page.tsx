import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useId, useState } from "react";
import { getConfig } from "../../lib/config";
import buttonStyles from "../../ui/button.module.css";
import fieldStyles from "../../ui/field.module.css";
import { Spinner } from "../../ui/spinner";
import { LanguageButtons } from "./language-buttons";
import styles from "./login-page.module.css";
import { safeRedirect } from "./safe-redirect";

/**
 * The login form, drawn with plain elements and the shared field and button styles: it is the
 * first screen of most loads (issue 9), so it needs no react-aria, no zod and no API client
 * until the user types (login-actions.ts is fetched then).
 */
const loadActions = () => import("./login-actions");

export interface LoginPageProps {
  redirect?: string;
  /** Leads on after a successful login to the (safe) path given. */
  onSignedIn: (href: string) => Promise<void> | void;
  /** The user started typing: a good moment to fetch what comes after the login. */
  onActivity?: () => void;
}

export function LoginPage({ redirect, onSignedIn, onActivity }: LoginPageProps) {
  const { t, i18n } = useLingui();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const [active, setActive] = useState(false);
  const config = getConfig();

  const handleActivity = () => {
    if (active) return;
    setActive(true);
    void loadActions();
    onActivity?.();
  };

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    let actions: Awaited<ReturnType<typeof loadActions>> | null = null;
    try {
      actions = await loadActions();
      await actions.login(username.trim(), password);
      await onSignedIn(safeRedirect(redirect));
    } catch (error) {
      // Without its module (offline before the service worker cached it) nothing can notify.
      if (actions) actions.notifyError(error);
      else console.error("The login could not start", error);
      setPending(false);
    }
  };

  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <img src="/icons/icon-192.png" alt="" width="48" height="48" />
          <h1>Yardline</h1>
        </div>
        <form
          className={styles.form}
          onSubmit={(event) => void handleSubmit(event)}
          onInput={handleActivity}
        >
          <LoginField
            label={t`Username`}
            name="username"
            autoComplete="username"
            value={username}
            onChange={(event) => setUsername(event.target.value)}
            required
            autoFocus
          />
          <LoginField
            label={t`Password`}
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
            required
            addon={
              <button
                type="button"
                className={`${buttonStyles.button} ${buttonStyles.secondary}`}
                aria-pressed={showPassword}
                onClick={() => setShowPassword((shown) => !shown)}
              >
                <Trans>Show password</Trans>
              </button>
            }
          />
          <button
            type="submit"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${styles.enter}`}
            data-pending={pending || undefined}
          >
            {pending ? <Spinner /> : null}
            <Trans>Enter</Trans>
          </button>
          {config.ssoVisible && (
            <a
              className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.sso}`}
              href={`${config.apiBase}sso/login?lang=${i18n.locale}`}
            >
              <Trans>Log in with SSO</Trans>
            </a>
          )}
        </form>
        <LanguageButtons className={styles.languages} />
      </div>
    </main>
  );
}

interface LoginFieldProps extends InputHTMLAttributes<HTMLInputElement> {
  label: string;
  addon?: ReactNode;
}

/** A labelled input with the look of ui/text-field (44 px high). */
function LoginField({ label, addon, ...props }: LoginFieldProps) {
  const id = useId();
  const input = <input {...props} id={id} className={fieldStyles.input} />;
  return (
    <div className={fieldStyles.field}>
      <label htmlFor={id} className={fieldStyles.label}>
        {label}
      </label>
      {addon ? (
        <div className={fieldStyles.group}>
          {input}
          {addon}
        </div>
      ) : (
        input
      )}
    </div>
  );
}
