import { Trans, useLingui } from "@lingui/react/macro";
import { type FormEvent, useCallback, useEffect, useState } from "react";
import type { BookingAnswer, BookingPage } from "../../../../shared/contract/carrier-booking";
import type { OperationType } from "../../../../shared/contract/scheduling";
import buttonStyles from "../../../ui/button.module.css";
import { Spinner } from "../../../ui/spinner";
import { LanguageButtons } from "../language-buttons";
import { Field } from "../public-field";
import type { PublicLocale } from "../public-i18n";
import { bookingProblem, fieldProblems } from "../self-check-in/check-in-text";
import { alternativesOf, bookHour, readBookingPage, readFreeHours } from "./booking-api";
import { BookingSummary } from "./booking-summary";
import styles from "./carrier-booking.module.css";
import { HourPicker, NearestHours } from "./hour-picker";

type Form = { reference: string; carrier: string; plate: string; phone: string; email: string };
const EMPTY: Form = { reference: "", carrier: "", plate: "", phone: "", email: "" };

/**
 * The carrier's dock booking (/carrier-booking/{token}, issue 29) on a phone or a desktop:
 * load or unload, a day and one of its free hours, then the reference and the truck. A hour
 * taken meanwhile is refused with the nearest free hours to pick from at once. The answer
 * links to the booking's private page (also in the mail) to move or cancel it.
 */
export function BookingPageView({
  token,
  onLocale,
}: {
  token: string;
  onLocale: (locale: PublicLocale) => void;
}) {
  const { t, i18n } = useLingui();
  const [page, setPage] = useState<BookingPage | null | undefined>(undefined);
  const [operation, setOperation] = useState<OperationType>("unload");
  const [day, setDay] = useState("");
  const [hour, setHour] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [form, setForm] = useState<Form>(EMPTY);
  const [website, setWebsite] = useState("");
  const [sending, setSending] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [alternatives, setAlternatives] = useState<string[]>([]);
  const [done, setDone] = useState<BookingAnswer | null>(null);

  const title = t`Book a dock slot`;
  useEffect(() => {
    document.title = `${title} · Yardline`;
  }, [title]);
  useEffect(() => {
    readBookingPage(token).then(
      (found) => {
        setPage(found);
        setOperation(found.operations.includes("unload") ? "unload" : "load");
        setDay(found.first_day);
      },
      () => setPage(null),
    );
  }, [token]);
  const load = useCallback((on: string) => readFreeHours(token, operation, on), [token, operation]);

  const pick = (next: string) => {
    setHour(next);
    setAlternatives([]);
    setFields(({ start: _, ...rest }) => rest);
    if (next.slice(0, 10) !== day) setDay(next.slice(0, 10));
  };

  const handleSubmit = async (event: FormEvent) => {
    event.preventDefault();
    if (sending || !page) return;
    if (!hour) {
      setFields({ start: [t`Pick one of the free hours`] });
      return;
    }
    setSending(true);
    setProblem(null);
    setFields({});
    setAlternatives([]);
    try {
      const language = i18n.locale as PublicLocale;
      const input = { ...form, operation, start: hour, language, form: page.form, website };
      setDone(await bookHour(token, input));
    } catch (error) {
      const refused = fieldProblems(i18n, error);
      setFields(refused);
      setProblem(bookingProblem(i18n, error, Object.keys(refused).length));
      const offered = alternativesOf(error);
      setAlternatives(offered);
      if (offered.length > 0 || refused.start) {
        setHour(null);
        setReload((count) => count + 1);
      }
    } finally {
      setSending(false);
    }
  };

  const field = (name: keyof Form, label: string, extra: Partial<Parameters<typeof Field>[0]>) => (
    <Field
      label={label}
      value={form[name]}
      onChange={(value) => setForm({ ...form, [name]: value })}
      errors={fields[name]}
      autoComplete="off"
      {...extra}
    />
  );

  return (
    <main className={styles.page}>
      <LanguageButtons className={styles.languages} onLocale={onLocale} />
      <h1 className={styles.title}>{title}</h1>
      {page === undefined ? (
        <Spinner />
      ) : page === null ? (
        <p role="alert" className={styles.problem}>
          <Trans>This booking page does not exist. Ask the warehouse for its new address.</Trans>
        </p>
      ) : done ? (
        <>
          <BookingSummary booking={done.booking} />
          <p className={styles.sent}>
            {done.booking.mail_sent ? (
              <Trans>We have sent the booking and a calendar invitation to {form.email}.</Trans>
            ) : (
              <Trans>Keep this page: the confirmation e-mail could not be sent.</Trans>
            )}
          </p>
          <a
            className={`${buttonStyles.button} ${buttonStyles.secondary} ${styles.wideButton}`}
            href={`/carrier-booking/manage/${encodeURIComponent(done.manage)}`}
          >
            <Trans>Move or cancel this booking</Trans>
          </a>
        </>
      ) : (
        <form className={styles.form} onSubmit={(event) => void handleSubmit(event)}>
          <p className={styles.company}>{page.company}</p>
          {page.operations.length > 1 ? (
            <fieldset className={styles.operations}>
              <legend className="visually-hidden">{t`Operation`}</legend>
              {page.operations.map((each) => (
                <button
                  key={each}
                  type="button"
                  className={styles.hour}
                  aria-pressed={operation === each}
                  onClick={() => {
                    setOperation(each);
                    setHour(null);
                  }}
                >
                  {each === "unload" ? t`Unloading` : t`Loading`}
                </button>
              ))}
            </fieldset>
          ) : null}
          <HourPicker
            day={day}
            onDay={(next) => {
              setDay(next);
              setHour(null);
            }}
            firstDay={page.first_day}
            lastDay={page.last_day}
            load={load}
            reload={reload}
            selected={hour}
            onSelect={pick}
            error={fields.start}
          />
          <NearestHours hours={alternatives} onSelect={pick} />
          <p className={styles.note}>
            <Trans>Times are the warehouse's local time ({page.time_zone}).</Trans>
          </p>
          {field("reference", t`Delivery note or purchase order`, { maxLength: 60 })}
          {field("carrier", t`Carrier`, { maxLength: 100, autoComplete: "organization" })}
          {field("plate", t`Plate`, { maxLength: 20 })}
          {field("phone", t`Driver phone`, {
            type: "tel",
            maxLength: 32,
            autoComplete: "tel",
            placeholder: "+34 612 345 678",
          })}
          {field("email", t`E-mail for the confirmation`, {
            type: "email",
            maxLength: 254,
            autoComplete: "email",
          })}
          {/* People never see this field; bots fill it in (the server refuses them). */}
          <div className={styles.trap} aria-hidden="true">
            <label>
              Website
              <input
                tabIndex={-1}
                autoComplete="off"
                value={website}
                onChange={(event) => setWebsite(event.target.value)}
              />
            </label>
          </div>
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
            <Trans>Book</Trans>
          </button>
        </form>
      )}
    </main>
  );
}
