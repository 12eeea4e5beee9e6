import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useEffect, useState } from "react";
import type { SelfCheckInAnswer } from "../../../../shared/contract/check-in";
import buttonStyles from "../../../ui/button.module.css";
import { Spinner } from "../../../ui/spinner";
import { LanguageButtons } from "../language-buttons";
import { Field, type FieldProps } from "../public-field";
import type { PublicLocale } from "../public-i18n";
import { checkInProblem, fieldProblems } from "./check-in-text";
import styles from "./self-check-in.module.css";
import { readPublicPage, selfCheckIn } from "./self-check-in-api";

/** The booked time as the driver's phone tells time (HH:mm, local). */
const clock = new Intl.DateTimeFormat("en-GB", { hour: "2-digit", minute: "2-digit" });

type Form = { reference: string; plate: string; name: string; phone: string };

export interface SelfCheckInPageProps {
  token: string;
  /** Switches the page's language (stored like the app's choice, see check-in-boot.tsx). */
  onLocale: (locale: PublicLocale) => void;
}

/**
 * The carrier's own check-in on a phone (/check-in/{token}, issue 15): reference, plate, name
 * and phone; the answer is the dock to go to, and a text message with instructions follows.
 * Plain inputs and buttons with the app's look: the page loads without the app's components.
 */
export function SelfCheckInPage({ token, onLocale }: SelfCheckInPageProps) {
  const { t, i18n } = useLingui();
  const [company, setCompany] = useState<string | null | undefined>(undefined);
  const [form, setForm] = useState<Form>({ reference: "", plate: "", name: "", phone: "" });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [dock, setDock] = useState<SelfCheckInAnswer | null>(null);

  const title = t`Truck check-in`;
  useEffect(() => {
    document.title = `${title} · Yardline`; // the tab on the driver's phone
  }, [title]);

  useEffect(() => {
    readPublicPage(token).then(
      (page) => setCompany(page.company),
      () => setCompany(null),
    );
  }, [token]);

  /** One input of the form, with what the server said about it. */
  const field = (
    name: keyof Form,
    label: string,
    input: Pick<FieldProps, "autoComplete" | "type" | "placeholder">,
  ) => (
    <Field
      label={label}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
      errors={fields[name]}
      {...input}
    />
  );

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending) return;
    setSending(true);
    setProblem(null);
    setFields({});
    try {
      setDock(await selfCheckIn(token, { ...form, language: i18n.locale as PublicLocale }));
    } catch (error) {
      const refused = fieldProblems(i18n, error);
      setFields(refused);
      setProblem(checkInProblem(i18n, error, Object.keys(refused).length));
    } finally {
      setSending(false);
    }
  };

  return (
    <main className={styles.page}>
      <LanguageButtons className={styles.languages} onLocale={onLocale} />
      <h1 className={styles.title}>{title}</h1>
      {company === null ? (
        <p role="alert" className={styles.problem}>
          <Trans>This check-in page does not exist. Please go to the gate.</Trans>
        </p>
      ) : dock ? (
        <section className={styles.dock} aria-labelledby="self-dock">
          <h2 id="self-dock">{dock.dock ? t`Go to the dock` : t`Where to go`}</h2>
          {dock.dock ? null : (
            <p className={styles.instead}>
              {dock.warehouse ? (
                <Trans>
                  No dock assigned yet: go to warehouse {dock.warehouse}, they will give you the
                  dock there.
                </Trans>
              ) : (
                <Trans>No dock assigned yet: please ask at the office.</Trans>
              )}
            </p>
          )}
          <dl className={styles.facts}>
            {dock.warehouse ? (
              <div>
                <dt>
                  <Trans>Warehouse</Trans>
                </dt>
                <dd>{dock.warehouse}</dd>
              </div>
            ) : null}
            {dock.dock ? (
              <div>
                <dt>
                  <Trans>Dock</Trans>
                </dt>
                <dd>{dock.dock}</dd>
              </div>
            ) : null}
            <div>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>{clock.format(new Date(dock.booked_date))}</dd>
            </div>
          </dl>
          <p className={styles.sms}>
            <Trans>You will receive a text message with instructions shortly.</Trans>
          </p>
        </section>
      ) : (
        <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
          {company ? <p className={styles.company}>{company}</p> : null}
          {field("reference", t`Delivery note`, { autoComplete: "off" })}
          {field("plate", t`Plate`, { autoComplete: "off" })}
          {field("name", t`Driver name`, { autoComplete: "name" })}
          {field("phone", t`Phone`, {
            type: "tel",
            autoComplete: "tel",
            placeholder: "+34 612 345 678",
          })}
          {problem ? (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          ) : null}
          <button
            type="submit"
            className={`${buttonStyles.button} ${buttonStyles.primary} ${styles.submit}`}
            aria-disabled={sending || undefined}
          >
            {sending ? <Spinner /> : null}
            <Trans>Check in</Trans>
          </button>
        </form>
      )}
    </main>
  );
}
