import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { type FormEvent, useEffect, useState } from "react";
import type { Locale } from "../../../shared/constants";
import type { SelfCheckInAnswer } from "../../../shared/contract/check-in";
import { errorLines, fieldMessages } from "../../lib/error-messages";
import { ApiError } from "../../lib/errors";
import { chooseLocale, currentLocale } from "../../lib/i18n";
import { Button } from "../../ui/button";
import buttonStyles from "../../ui/button.module.css";
import { TextField } from "../../ui/text-field";
import styles from "./self-check-in.module.css";
import { readPublicPage, selfCheckIn } from "./self-check-in-api";

const LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: "en", label: "EN" },
  { locale: "es", label: "ES" },
  { locale: "pt", label: "PT" },
  { locale: "mx", label: "MX" },
];

/**
 * The carrier's own check-in on a phone (/check-in/{token}, issue 15): reference, plate, name
 * and phone; the answer is the dock to go to, and a text message with instructions follows.
 */
export function SelfCheckInPage({ token }: { token: string }) {
  const { t, i18n } = useLingui();
  const [company, setCompany] = useState<string | null | undefined>(undefined);
  const [form, setForm] = useState({ reference: "", plate: "", name: "", phone: "" });
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [dock, setDock] = useState<SelfCheckInAnswer | null>(null);

  useEffect(() => {
    readPublicPage(token).then(
      (page) => setCompany(page.company),
      () => setCompany(null),
    );
  }, [token]);

  const set = (name: keyof typeof form) => (value: string) => setForm({ ...form, [name]: value });

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSending(true);
    setProblem(null);
    setFields({});
    try {
      setDock(await selfCheckIn(token, { ...form, language: currentLocale() }));
    } catch (error) {
      if (error instanceof ApiError && error.status === 404) {
        setProblem(t`No check-in is possible with this reference today. Please go to the gate.`);
      } else if (error instanceof ApiError && error.status === 400) {
        setFields(fieldMessages(error));
      } else {
        setProblem(errorLines(error).join(" "));
      }
    } finally {
      setSending(false);
    }
  };

  return (
    <main className={styles.page}>
      <fieldset className={styles.languages}>
        <legend className="visually-hidden">{t`Language`}</legend>
        {LANGUAGES.map(({ locale, label }) => (
          <button
            key={locale}
            type="button"
            className={`${buttonStyles.button} ${i18n.locale === locale ? buttonStyles.primary : buttonStyles.secondary}`}
            aria-current={i18n.locale === locale ? "true" : undefined}
            onClick={() => void chooseLocale(locale)}
          >
            {label}
          </button>
        ))}
      </fieldset>
      <h1 className={styles.title}>
        <Trans>Truck check-in</Trans>
      </h1>
      {company === null ? (
        <p role="alert" className={styles.problem}>
          <Trans>This check-in page does not exist. Please go to the gate.</Trans>
        </p>
      ) : dock ? (
        <section className={styles.dock} aria-labelledby="self-dock">
          <h2 id="self-dock">
            <Trans>Go to the dock</Trans>
          </h2>
          <dl className={styles.facts}>
            <div>
              <dt>
                <Trans>Warehouse</Trans>
              </dt>
              <dd>{dock.warehouse || "--"}</dd>
            </div>
            <div>
              <dt>
                <Trans>Dock</Trans>
              </dt>
              <dd>{dock.dock || "--"}</dd>
            </div>
            <div>
              <dt>
                <Trans>Time</Trans>
              </dt>
              <dd>{DateTime.fromISO(dock.booked_date).toFormat("HH:mm")}</dd>
            </div>
          </dl>
          <p className={styles.sms}>
            <Trans>You will receive a text message with instructions shortly.</Trans>
          </p>
        </section>
      ) : (
        <form className={styles.form} onSubmit={handleSubmit}>
          {company ? <p className={styles.company}>{company}</p> : null}
          <TextField
            label={t`Delivery reference`}
            value={form.reference}
            onChange={set("reference")}
            isRequired
            autoComplete="off"
            errorMessage={fields.reference?.join(" ")}
          />
          <TextField
            label={t`Plate`}
            value={form.plate}
            onChange={set("plate")}
            isRequired
            autoComplete="off"
            errorMessage={fields.plate?.join(" ")}
          />
          <TextField
            label={t`Driver name`}
            value={form.name}
            onChange={set("name")}
            isRequired
            autoComplete="name"
            errorMessage={fields.name?.join(" ")}
          />
          <TextField
            label={t`Phone`}
            value={form.phone}
            onChange={set("phone")}
            isRequired
            type="tel"
            autoComplete="tel"
            placeholder="+34 612 345 678"
            errorMessage={fields.phone?.join(" ")}
          />
          {problem ? (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          ) : null}
          <Button type="submit" pending={sending} className={styles.submit}>
            <Trans>Check in</Trans>
          </Button>
        </form>
      )}
    </main>
  );
}
