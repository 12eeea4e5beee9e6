import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Trans, useLingui } from "@lingui/react/macro";
import { DateTime } from "luxon";
import { useEffect, useId, useState } from "react";
import { type OperationType, SLOT_HOURS } from "../../../shared/contract/scheduling";
import type { BookingRefusal } from "../../lib/error-messages";
import { DateField } from "../../ui/fields/date-field";
import { SelectField } from "../../ui/fields/select-field";
import { BookingAlternatives } from "./booking-alternatives";
import styles from "./scheduling.module.css";
import { type AvailableHoursState, useAvailableHours } from "./use-available-hours";

export interface BookedSlotInputProps {
  /** The booked date as an ISO date-time, or undefined while none is picked. */
  value: string | undefined;
  onChange: (value: string | undefined) => void;
  operation: OperationType;
  /**
   * Every hour 06:00..21:00 (a repeated line, or a user with the lockdowns permission);
   * otherwise only the hours the server still offers for the day (spec section 5).
   */
  allHours: boolean;
  errorMessage?: string | undefined;
  /** The label of the day input (the hour select is "Hour"). */
  label: string;
  /** The day as picked, hour or not (a day without an hour is the spec's invalid_date_time). */
  onDayChange?: ((day: string) => void) | undefined;
  /**
   * The dock refused the hour on Save (issue 24): the free hours of the day are fetched again
   * and offered as buttons, and for a restricted or full day the next open day.
   */
  refusal?: BookingRefusal | null | undefined;
}

const DAY = "yyyy-LL-dd";

/** An hour of `day` on the device's clock, as the API takes it. */
function hourOf(day: string, hour: number): string {
  return (
    DateTime.fromFormat(day, DAY)
      .set({ hour, minute: 0, second: 0, millisecond: 0 })
      .toISO({ suppressMilliseconds: true }) ?? ""
  );
}

const hourLabel = (iso: string) => DateTime.fromISO(iso).toFormat("HH:mm");

/**
 * The booked date of a reception as a day and an hour slot: the day picker and a list of the
 * hours offered. Offline, every hour is offered and the server checks the slot when the line
 * is sent (a full hour then shows as a sync issue).
 */
export function BookedSlotInput(props: BookedSlotInputProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const current = props.value ? DateTime.fromISO(props.value) : null;
  const day = current?.isValid ? current.toFormat(DAY) : "";
  const [pickedDay, setPickedDay] = useDayDraft(day);
  const refusal = props.refusal ?? null;
  const hours = useAvailableHours(
    pickedDay,
    props.operation,
    !props.allHours || refusal !== null,
    refusal?.at,
  );

  // No day, no hours (each option's value is its date-time, unique within the day).
  const every = pickedDay ? SLOT_HOURS.map((hour) => hourOf(pickedDay, hour)) : [];
  const offered = [
    ...new Set(
      props.allHours || hours.kind === "unreachable" || hours.kind === "idle"
        ? every
        : hours.kind === "ready"
          ? hours.hours
          : [],
    ),
  ].filter(Boolean);
  const selected = props.value
    ? (offered.find((option) => sameHour(option, props.value ?? "")) ?? "")
    : "";

  const { value, onChange, allHours } = props;
  const stale =
    !allHours &&
    hours.kind === "ready" &&
    value !== undefined &&
    !hours.hours.some((option) => sameHour(option, value));
  // A day that does not offer the chosen hour drops it: only an offered hour can be saved.
  useEffect(() => {
    if (stale) onChange(undefined);
  }, [stale, onChange]);

  const pickDay = (next: string) => {
    setPickedDay(next);
    props.onDayChange?.(next);
    // The hour stays when the new day offers it (checked by the select's options); else none.
    if (!next) return props.onChange(undefined);
    const hour = current?.isValid ? current.hour : null;
    props.onChange(hour === null ? undefined : hourOf(next, hour));
  };

  const note = slotNote(hours.kind, offered.length, Boolean(pickedDay), props.allHours);
  return (
    <div className={styles.slotInput}>
      <DateField
        id={`${id}-day`}
        label={props.label}
        value={pickedDay}
        isRequired
        onChange={pickDay}
        errorMessage={props.errorMessage}
      />
      <SelectField
        id={`${id}-hour`}
        label={<Trans>Hour</Trans>}
        selectClassName={styles.select}
        value={selected}
        isDisabled={!pickedDay || hours.kind === "loading"}
        isInvalid={Boolean(props.errorMessage)}
        onChange={(hour) => props.onChange(hour || undefined)}
      >
        <option value="">
          {hours.kind === "loading" ? t`Loading hours…` : pickedDay ? t`Pick an hour` : "—"}
        </option>
        {offered.map((option) => (
          <option key={option} value={option}>
            {hourLabel(option)}
          </option>
        ))}
      </SelectField>
      <p className={styles.slotNote} aria-live="polite">
        {note ? i18n._(note) : ""}
      </p>
      {refusal && pickedDay ? (
        <BookingAlternatives
          refusal={refusal}
          day={pickedDay}
          operation={props.operation}
          hours={hours}
          onPickHour={(hour) => props.onChange(hour)}
          onPickDay={(next, hour) => {
            setPickedDay(next);
            props.onDayChange?.(next);
            props.onChange(hour);
          }}
        />
      ) : null}
    </div>
  );
}

function sameHour(a: string, b: string): boolean {
  const x = DateTime.fromISO(a);
  const y = DateTime.fromISO(b);
  return x.isValid && y.isValid && x.toMillis() === y.toMillis();
}

function slotNote(
  kind: AvailableHoursState["kind"],
  count: number,
  hasDay: boolean,
  allHours: boolean,
): MessageDescriptor | null {
  if (!hasDay || allHours) return null;
  if (kind === "unreachable") {
    return msg`No connection: every hour is offered; the dock checks it when the line is sent.`;
  }
  if (kind === "failed") return msg`The free hours could not be loaded.`;
  if (kind === "ready" && count === 0) return msg`No free hours on this day: pick another day.`;
  if (kind === "ready") return msg`Only the hours with room at the dock are offered.`;
  return null;
}

/** The day as picked: follows the value, and stays while no hour is chosen yet. */
function useDayDraft(day: string): [string, (next: string) => void] {
  const [draft, setDraft] = useState(day);
  useEffect(() => {
    if (day) setDraft(day);
  }, [day]);
  return [draft, setDraft];
}
