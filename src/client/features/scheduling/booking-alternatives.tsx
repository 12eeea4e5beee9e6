import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import type { OperationType } from "../../../shared/contract/scheduling";
import type { BookingRefusal } from "../../lib/error-messages";
import { Button } from "../../ui/button";
import styles from "./scheduling.module.css";
import { type AvailableHoursState, useNextOpenDay } from "./use-available-hours";

export interface BookingAlternativesProps {
  refusal: BookingRefusal;
  day: string;
  operation: OperationType;
  /** The day's free hours, read again after the refusal. */
  hours: AvailableHoursState;
  onPickHour: (hour: string) => void;
  onPickDay: (day: string, hour: string) => void;
}

const hourLabel = (iso: string) => DateTime.fromISO(iso).toFormat("HH:mm");
const dayLabel = (day: string) => DateTime.fromFormat(day, "yyyy-LL-dd").toFormat("dd/LL/yyyy");

/**
 * What the user can book instead of a refused hour (issue 24): a full hour or one outside the
 * opening hours offers the day's free hours; a restricted day, or a day with none left, the
 * next open day. One press sets the choice; Save sends it.
 */
export function BookingAlternatives(props: BookingAlternativesProps) {
  const { t } = useLingui();
  const { refusal, day, hours } = props;
  const free = refusal.code !== "restricted_date" && hours.kind === "ready" ? hours.hours : [];
  const wantsNextDay =
    refusal.code === "restricted_date" || (hours.kind === "ready" && hours.hours.length === 0);
  const next = useNextOpenDay(day, props.operation, wantsNextDay);
  const nextDay = next.data ?? null;
  return (
    <section className={styles.alternatives} aria-label={t`What you can book instead`}>
      {free.length > 0 ? (
        <>
          <p className={styles.alternativesTitle}>
            <Trans>Free hours on {dayLabel(day)}:</Trans>
          </p>
          <ul className={styles.freeHours}>
            {free.map((hour) => (
              <li key={hour}>
                <Button
                  variant="secondary"
                  onPress={() => props.onPickHour(hour)}
                  aria-label={t`Book at ${hourLabel(hour)}`}
                >
                  <span className={styles.hour}>{hourLabel(hour)}</span>
                </Button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
      {hours.kind === "loading" || (wantsNextDay && next.isLoading) ? (
        <p className={styles.alternativesTitle}>
          <Trans>Looking for free hours…</Trans>
        </p>
      ) : null}
      {wantsNextDay && nextDay ? (
        <p className={styles.alternativesTitle}>
          <Trans>Next open day:</Trans>{" "}
          <Button variant="secondary" onPress={() => props.onPickDay(nextDay.day, nextDay.hour)}>
            {dayLabel(nextDay.day)} {hourLabel(nextDay.hour)}
          </Button>
        </p>
      ) : null}
      {wantsNextDay && !next.isLoading && next.data === null ? (
        <p className={styles.alternativesTitle}>
          <Trans>No free hours in the next weeks: pick another day.</Trans>
        </p>
      ) : null}
    </section>
  );
}
