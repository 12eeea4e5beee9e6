import { Trans, useLingui } from "@lingui/react/macro";
import { useCallback, useEffect, useState } from "react";
import type { CarrierBooking } from "../../../../shared/contract/carrier-booking";
import buttonStyles from "../../../ui/button.module.css";
import { Spinner } from "../../../ui/spinner";
import { LanguageButtons } from "../language-buttons";
import type { PublicLocale } from "../public-i18n";
import { bookingProblem, fieldProblems } from "../self-check-in/check-in-text";
import {
  alternativesOf,
  cancelManaged,
  moveManaged,
  readManaged,
  readManagedHours,
} from "./booking-api";
import { BookingSummary } from "./booking-summary";
import styles from "./carrier-booking.module.css";
import { HourPicker, NearestHours } from "./hour-picker";

type Mode = "view" | "move" | "cancel";

/**
 * A booking's private page (/carrier-booking/manage/{token}, the link in the carrier's mail):
 * the booking, and until the company's cut-off, moving it to another free hour (booking
 * again) or cancelling it (the hour is free again). Each change sends a new mail.
 */
export function ManagePageView({
  token,
  onLocale,
}: {
  token: string;
  onLocale: (locale: PublicLocale) => void;
}) {
  const { t, i18n } = useLingui();
  const [booking, setBooking] = useState<CarrierBooking | null | undefined>(undefined);
  const [mode, setMode] = useState<Mode>("view");
  const [day, setDay] = useState("");
  const [hour, setHour] = useState<string | null>(null);
  const [reload, setReload] = useState(0);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [fields, setFields] = useState<Record<string, string[]>>({});
  const [alternatives, setAlternatives] = useState<string[]>([]);
  const [notice, setNotice] = useState<string | null>(null);

  const title = t`Your dock booking`;
  useEffect(() => {
    document.title = `${title} · Yardline`;
  }, [title]);
  useEffect(() => {
    readManaged(token).then(
      (found) => {
        setBooking(found);
        setDay(found.start.slice(0, 10));
      },
      () => setBooking(null),
    );
  }, [token]);
  const load = useCallback((on: string) => readManagedHours(token, on), [token]);

  const run = async (action: () => Promise<CarrierBooking>, done: string) => {
    setBusy(true);
    setProblem(null);
    setFields({});
    setAlternatives([]);
    try {
      setBooking(await action());
      setMode("view");
      setHour(null);
      setNotice(done);
    } catch (error) {
      const refused = fieldProblems(i18n, error);
      setFields(refused);
      setProblem(bookingProblem(i18n, error, Object.keys(refused).length));
      setAlternatives(alternativesOf(error));
      setReload((count) => count + 1);
    } finally {
      setBusy(false);
    }
  };
  const pick = (next: string) => {
    setHour(next);
    setAlternatives([]);
    if (next.slice(0, 10) !== day) setDay(next.slice(0, 10));
  };

  const live = booking?.state === "confirmed" || booking?.state === "to_confirm";
  const changeable = live && booking?.changeable_until !== null;
  const button = (variant: "primary" | "secondary" | "danger") =>
    `${buttonStyles.button} ${buttonStyles[variant] ?? ""} ${styles.wideButton}`;

  return (
    <main className={styles.page}>
      <LanguageButtons className={styles.languages} onLocale={onLocale} />
      <h1 className={styles.title}>{title}</h1>
      {booking === undefined ? <Spinner /> : null}
      {booking === null ? (
        <p role="alert" className={styles.problem}>
          <Trans>This booking link does not exist.</Trans>
        </p>
      ) : null}
      {booking ? (
        <>
          <p className={styles.company}>{booking.company}</p>
          {notice ? (
            <p role="status" className={styles.sent}>
              {notice}
            </p>
          ) : null}
          <BookingSummary booking={booking} />
          {live && !changeable ? (
            <p className={styles.note}>
              <Trans>
                The booking can no longer be moved or cancelled online: call the warehouse.
              </Trans>
            </p>
          ) : null}
          {changeable && mode === "view" ? (
            <div className={styles.actions}>
              <button type="button" className={button("primary")} onClick={() => setMode("move")}>
                <Trans>Move to another hour</Trans>
              </button>
              <button type="button" className={button("danger")} onClick={() => setMode("cancel")}>
                <Trans>Cancel the booking</Trans>
              </button>
            </div>
          ) : null}
          {changeable && mode === "move" ? (
            <section className={styles.form} aria-label={t`Move to another hour`}>
              <HourPicker
                day={day}
                onDay={(next) => {
                  setDay(next);
                  setHour(null);
                }}
                firstDay=""
                lastDay=""
                load={load}
                reload={reload}
                selected={hour}
                onSelect={pick}
                error={fields.start}
              />
              <NearestHours hours={alternatives} onSelect={pick} />
              <button
                type="button"
                className={button("primary")}
                aria-disabled={busy || !hour || undefined}
                onClick={() =>
                  hour &&
                  !busy &&
                  void run(
                    () => moveManaged(token, hour),
                    t`The booking has moved. We have sent you a new e-mail.`,
                  )
                }
              >
                <Trans>Move the booking</Trans>
              </button>
              <button type="button" className={button("secondary")} onClick={() => setMode("view")}>
                <Trans>Back</Trans>
              </button>
            </section>
          ) : null}
          {changeable && mode === "cancel" ? (
            <section className={styles.form} aria-label={t`Cancel the booking`}>
              <p>
                <Trans>Cancel this booking? The hour is given to other carriers.</Trans>
              </p>
              <button
                type="button"
                className={button("danger")}
                aria-disabled={busy || undefined}
                onClick={() =>
                  !busy &&
                  void run(
                    () => cancelManaged(token),
                    t`The booking is cancelled. We have sent you an e-mail.`,
                  )
                }
              >
                <Trans>Yes, cancel the booking</Trans>
              </button>
              <button type="button" className={button("secondary")} onClick={() => setMode("view")}>
                <Trans>Keep the booking</Trans>
              </button>
            </section>
          ) : null}
          {problem ? (
            <p role="alert" className={styles.problem}>
              {problem}
            </p>
          ) : null}
        </>
      ) : null}
    </main>
  );
}
