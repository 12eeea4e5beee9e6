import { Trans, useLingui } from "@lingui/react/macro";
import { useNavigate } from "@tanstack/react-router";
import { type FormEvent, useState } from "react";
import { Form, ToggleButton } from "react-aria-components";
import { getConfig } from "../../lib/config";
import { notifyError } from "../../lib/notices";
import { login } from "../../lib/session/session";
import { Button, buttonClass } from "../../ui/button";
import { TextField } from "../../ui/text-field";
import { LanguageButtons } from "./language-buttons";
import styles from "./login-page.module.css";
import { safeRedirect } from "./safe-redirect";

export function LoginPage({ redirect }: { redirect?: string }) {
  const { t } = useLingui();
  const navigate = useNavigate();
  const [username, setUsername] = useState("");
  const [password, setPassword] = useState("");
  const [showPassword, setShowPassword] = useState(false);
  const [pending, setPending] = useState(false);
  const config = getConfig();

  const handleSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setPending(true);
    try {
      await login(username.trim(), password);
      await navigate({ href: safeRedirect(redirect), replace: true });
    } catch (error) {
      notifyError(error);
      setPending(false);
    }
  };

  return (
    <main className={styles.screen}>
      <div className={styles.card}>
        <div className={styles.brand}>
          <img src="/icons/icon-192.png" alt="" />
          <h1>Yardline</h1>
        </div>
        <Form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
          <TextField
            label={t`Username`}
            name="username"
            autoComplete="username"
            value={username}
            onChange={setUsername}
            isRequired
            autoFocus
          />
          <TextField
            label={t`Password`}
            name="password"
            type={showPassword ? "text" : "password"}
            autoComplete="current-password"
            value={password}
            onChange={setPassword}
            isRequired
            addon={
              <ToggleButton
                className={buttonClass("secondary")}
                isSelected={showPassword}
                onChange={setShowPassword}
              >
                <Trans>Show password</Trans>
              </ToggleButton>
            }
          />
          <Button type="submit" className={styles.enter} isPending={pending}>
            <Trans>Enter</Trans>
          </Button>
          {config.ssoVisible && (
            <a
              className={`${buttonClass("secondary")} ${styles.sso}`}
              href={`${config.apiBase}sso/login`}
            >
              <Trans>Log in with SSO</Trans>
            </a>
          )}
        </Form>
        <LanguageButtons className={styles.languages} />
      </div>
    </main>
  );
}
