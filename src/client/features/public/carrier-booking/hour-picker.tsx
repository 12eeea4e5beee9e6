import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useId, useState } from "react";
import fieldStyles from "../../../ui/field.module.css";
import { Spinner } from "../../../ui/spinner";
import styles from "./carrier-booking.module.css";

/** An offered hour as the yard's clock shows it (the hour text carries the yard's offset). */
export const wallClock = (hour: string) => hour.slice(11, 16);

export interface HourPickerProps {
  day: string;
  onDay: (day: string) => void;
  firstDay: string;
  lastDay: string;
  /** The day's free hours (reloaded when `day` or `reload` changes). */
  load: (day: string) => Promise<string[]>;
  reload: number;
  selected: string | null;
  onSelect: (hour: string) => void;
  error?: string[] | undefined;
}

/** A day, then its free hours as large buttons: only what the dock can take is offered. */
export function HourPicker(props: HourPickerProps) {
  const { t } = useLingui();
  const id = useId();
  const { day, load, reload } = props;
  const [hours, setHours] = useState<string[] | "loading" | "failed">("loading");
  // biome-ignore lint/correctness/useExhaustiveDependencies: reload asks again after a refusal
  useEffect(() => {
    let current = true;
    setHours("loading");
    load(day).then(
      (free) => current && setHours(free),
      () => current && setHours("failed"),
    );
    return () => {
      current = false;
    };
  }, [day, load, reload]);

  return (
    <div className={styles.picker}>
      <div className={fieldStyles.field}>
        <label htmlFor={`${id}-day`} className={fieldStyles.label}>
          <Trans>Day</Trans>
        </label>
        <input
          id={`${id}-day`}
          className={fieldStyles.input}
          type="date"
          required
          value={day}
          min={props.firstDay}
          max={props.lastDay}
          onChange={(event) => event.target.value && props.onDay(event.target.value)}
        />
      </div>
      <fieldset className={styles.hours} aria-describedby={`${id}-hours-note`}>
        <legend className={fieldStyles.label}>
          <Trans>Free hours</Trans>
        </legend>
        {hours === "loading" ? (
          <Spinner />
        ) : hours === "failed" ? (
          <p className={styles.note}>{t`The free hours could not be loaded. Try again.`}</p>
        ) : hours.length === 0 ? (
          <p className={styles.note}>
            <Trans>No free hours on this day: pick another day.</Trans>
          </p>
        ) : (
          hours.map((hour) => (
            <HourButton
              key={hour}
              hour={hour}
              pressed={props.selected === hour}
              onSelect={props.onSelect}
            />
          ))
        )}
      </fieldset>
      {props.error?.length ? (
        <span id={`${id}-hours-note`} role="alert" className={fieldStyles.error}>
          {props.error.join(" ")}
        </span>
      ) : null}
    </div>
  );
}

export function HourButton({
  hour,
  pressed,
  onSelect,
  withDay = false,
}: {
  hour: string;
  pressed: boolean;
  onSelect: (hour: string) => void;
  withDay?: boolean;
}) {
  const { i18n } = useLingui();
  const label = withDay
    ? `${dayText(i18n.locale, hour.slice(0, 10))} ${wallClock(hour)}`
    : wallClock(hour);
  return (
    <button
      type="button"
      className={styles.hour}
      aria-pressed={pressed}
      onClick={() => onSelect(hour)}
    >
      {label}
    </button>
  );
}

/** After a refused hour: the nearest free ones the server offered, each a button to take it. */
export function NearestHours({
  hours,
  onSelect,
}: {
  hours: readonly string[];
  onSelect: (hour: string) => void;
}) {
  const id = useId();
  if (hours.length === 0) return null;
  return (
    <section className={styles.alternatives} aria-labelledby={id}>
      <h2 id={id}>
        <Trans>Nearest free hours</Trans>
      </h2>
      {hours.map((each) => (
        <HourButton key={each} hour={each} pressed={false} onSelect={onSelect} withDay />
      ))}
    </section>
  );
}

const TAGS: Record<string, string> = { en: "en-GB", es: "es-ES", pt: "pt-PT", mx: "es-MX" };

/** A calendar day (YYYY-MM-DD) in words, e.g. "lunes, 14 de diciembre". */
export function dayText(locale: string, day: string): string {
  return new Intl.DateTimeFormat(TAGS[locale] ?? "en-GB", {
    weekday: "long",
    day: "numeric",
    month: "long",
    timeZone: "UTC",
  }).format(new Date(`${day}T12:00:00Z`));
}
