import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import { Plural, Trans, useLingui } from "@lingui/react/macro";
import { DateTime, Info } from "luxon";
import { useId } from "react";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";
import {
  expandOccurrences,
  FREQUENCIES,
  type Frequency,
  MONTH_LENGTHS,
  NTH_VALUES,
  type Nth,
  type RecurrenceRule,
  toRrule,
  WEEKDAYS,
  type WeekdayCode,
} from "../../../shared/recurrence";
import { HTML_LANG } from "../../lib/i18n";
import fieldStyles from "../../ui/field.module.css";
import { Checkbox } from "../../ui/fields/checkbox";
import { SelectField } from "../../ui/fields/select-field";
import { TextField } from "../../ui/fields/text-field";
import { recurrenceProblems } from "./recurrence-problems";
import styles from "./scheduling.module.css";

export interface RecurrenceFormProps {
  rule: RecurrenceRule;
  onChange: (rule: RecurrenceRule) => void;
  /** The first booked date (ISO), from which the rule is expanded for the preview. */
  first: string | undefined;
}

const PREVIEW = 6;

/**
 * The recurrence form of the spec: frequency, every N, months, by date or nth weekday,
 * weekdays, and the end (never, after N, on a date), with the dates it will create.
 */
export function RecurrenceForm({ rule, onChange, first }: RecurrenceFormProps) {
  const { t, i18n } = useLingui();
  const id = useId();
  const locale = HTML_LANG[i18n.locale as keyof typeof HTML_LANG] ?? "en";
  const weekdayNames = Info.weekdays("long", { locale });
  const monthNames = Info.months("long", { locale });
  const set = (change: Partial<RecurrenceRule>) => onChange({ ...rule, ...change });
  const problems = recurrenceProblems(rule);

  const frequencyText: Record<Frequency, string> = {
    yearly: t`Yearly`,
    monthly: t`Monthly`,
    weekly: t`Weekly`,
    daily: t`Daily`,
  };
  const nthText: Record<Nth, string> = {
    1: t`1st`,
    2: t`2nd`,
    3: t`3rd`,
    4: t`4th`,
    [-1]: t`Last`,
  };
  const byMonth = rule.frequency === "yearly" || rule.frequency === "monthly";
  const maxDay =
    rule.frequency === "yearly" && rule.months.length > 0
      ? Math.max(...rule.months.map((month) => MONTH_LENGTHS[month - 1] ?? 31))
      : 31;

  return (
    <fieldset className={styles.recurrence}>
      <legend className={styles.legend}>
        <Trans>Repeat</Trans>
      </legend>
      <div className={styles.row}>
        <SelectField
          id={`${id}-frequency`}
          label={<Trans>Frequency</Trans>}
          selectClassName={styles.select}
          value={rule.frequency}
          onChange={(frequency) => set({ frequency: frequency as Frequency })}
          options={FREQUENCIES.map((frequency) => ({
            value: frequency,
            label: frequencyText[frequency],
          }))}
        />
        <TextField
          id={`${id}-interval`}
          label={i18n._(UNIT_TEXT[rule.frequency])}
          type="number"
          inputMode="numeric"
          min={1}
          max={99}
          value={String(rule.interval)}
          onChange={(interval) => set({ interval: Number(interval) })}
          errorMessage={problems.interval ? i18n._(problems.interval) : undefined}
        />
      </div>

      {rule.frequency === "yearly" ? (
        <fieldset className={styles.choices}>
          <legend className={fieldStyles.label}>
            <Trans>Months of the year</Trans>
          </legend>
          {monthNames.map((name, index) => (
            <Checkbox
              key={name}
              isSelected={rule.months.includes(index + 1)}
              onChange={(on) =>
                set({
                  months: on
                    ? [...rule.months, index + 1]
                    : rule.months.filter((month) => month !== index + 1),
                })
              }
            >
              {name}
            </Checkbox>
          ))}
          {problems.months ? (
            <span className={fieldStyles.error}>{i18n._(problems.months)}</span>
          ) : null}
        </fieldset>
      ) : null}

      {byMonth ? (
        <fieldset className={styles.choices}>
          <legend className={fieldStyles.label}>
            <Trans>On</Trans>
          </legend>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-by`}
              checked={rule.monthlyBy === "date"}
              onChange={() => set({ monthlyBy: "date" })}
            />
            <Trans>Day of the month</Trans>
          </label>
          <select
            aria-label={t`Day`}
            className={styles.select}
            value={Math.min(rule.monthDay, maxDay)}
            disabled={rule.monthlyBy !== "date"}
            onChange={(event) => set({ monthDay: Number(event.target.value) })}
          >
            {Array.from({ length: maxDay }, (_, index) => index + 1).map((day) => (
              <option key={day} value={day}>
                {day}
              </option>
            ))}
          </select>
          <label className={styles.choice}>
            <input
              type="radio"
              name={`${id}-by`}
              checked={rule.monthlyBy === "weekday"}
              onChange={() => set({ monthlyBy: "weekday" })}
            />
            <Trans>Weekday of the month</Trans>
          </label>
          <select
            aria-label={t`Which weekday of the month`}
            className={styles.select}
            value={rule.nth}
            disabled={rule.monthlyBy !== "weekday"}
            onChange={(event) => set({ nth: Number(event.target.value) as Nth })}
          >
            {NTH_VALUES.map((nth) => (
              <option key={nth} value={nth}>
                {nthText[nth]}
              </option>
            ))}
          </select>
          <select
            aria-label={t`Weekday`}
            className={styles.select}
            value={rule.nthWeekday}
            disabled={rule.monthlyBy !== "weekday"}
            onChange={(event) => set({ nthWeekday: event.target.value as WeekdayCode })}
          >
            {WEEKDAYS.map((code, index) => (
              <option key={code} value={code}>
                {weekdayNames[index]}
              </option>
            ))}
          </select>
        </fieldset>
      ) : null}

      {rule.frequency === "weekly" ? (
        <fieldset className={styles.choices}>
          <legend className={fieldStyles.label}>
            <Trans>Weekdays</Trans>
          </legend>
          {WEEKDAYS.map((code, index) => (
            <Checkbox
              key={code}
              isSelected={rule.weekdays.includes(code)}
              onChange={(on) =>
                set({
                  weekdays: on
                    ? [...rule.weekdays, code]
                    : rule.weekdays.filter((day) => day !== code),
                })
              }
            >
              {weekdayNames[index]}
            </Checkbox>
          ))}
          {problems.weekdays ? (
            <span className={fieldStyles.error}>{i18n._(problems.weekdays)}</span>
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className={styles.choices}>
        <legend className={fieldStyles.label}>
          <Trans>Ends</Trans>
        </legend>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-end`}
            checked={rule.end.kind === "never"}
            onChange={() => set({ end: { kind: "never" } })}
          />
          <Trans>Never (one year of dates)</Trans>
        </label>
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-end`}
            checked={rule.end.kind === "count"}
            onChange={() => set({ end: { kind: "count", count: 1 } })}
          />
          <Trans>After</Trans>
        </label>
        <input
          aria-label={t`Number of times`}
          className={`${fieldStyles.input} ${styles.small}`}
          type="number"
          inputMode="numeric"
          min={1}
          max={400}
          disabled={rule.end.kind !== "count"}
          value={rule.end.kind === "count" ? rule.end.count : 1}
          onChange={(event) => set({ end: { kind: "count", count: Number(event.target.value) } })}
          aria-invalid={problems.count ? true : undefined}
        />
        <label className={styles.choice}>
          <input
            type="radio"
            name={`${id}-end`}
            checked={rule.end.kind === "until"}
            onChange={() => set({ end: { kind: "until", until: "" } })}
          />
          <Trans>On a date</Trans>
        </label>
        <input
          aria-label={t`End date`}
          className={`${fieldStyles.input} ${styles.small}`}
          type="date"
          disabled={rule.end.kind !== "until"}
          value={rule.end.kind === "until" ? rule.end.until : ""}
          onChange={(event) => set({ end: { kind: "until", until: event.target.value } })}
          aria-invalid={problems.until ? true : undefined}
        />
        {problems.count ? (
          <span className={fieldStyles.error}>{i18n._(problems.count)}</span>
        ) : null}
        {problems.until ? (
          <span className={fieldStyles.error}>{i18n._(problems.until)}</span>
        ) : null}
      </fieldset>

      <RecurrencePreview rule={rule} first={first} valid={Object.keys(problems).length === 0} />
    </fieldset>
  );
}

const UNIT_TEXT: Record<Frequency, MessageDescriptor> = {
  yearly: msg`Every N years`,
  monthly: msg`Every N months`,
  weekly: msg`Every N weeks`,
  daily: msg`Every N days`,
};

/** The dates the series will create (the same expansion the server runs). */
function RecurrencePreview(props: {
  rule: RecurrenceRule;
  first: string | undefined;
  valid: boolean;
}) {
  if (!props.first || !props.valid) {
    return (
      <p className={styles.preview}>
        <Trans>Pick the first date and hour to see the dates that will be created.</Trans>
      </p>
    );
  }
  let dates: Date[] = [];
  try {
    dates = expandOccurrences(
      toRrule(props.rule),
      new Date(props.first),
      DateTime.local().zoneName,
    );
  } catch {
    dates = [];
  }
  const shown = dates
    .slice(0, PREVIEW)
    .map((date) => DateTime.fromJSDate(date).toFormat(DATE_DISPLAY_FORMAT));
  const count = dates.length;
  return (
    <div className={styles.preview} aria-live="polite">
      <p>
        <Plural
          value={count}
          one="Creates # line:"
          other="Creates # lines:"
          _0="This rule creates no line from the first date."
        />
      </p>
      {count > 0 ? (
        <ul className={styles.previewList} data-testid="recurrence-preview">
          {shown.map((text) => (
            <li key={text}>{text}</li>
          ))}
          {count > PREVIEW ? (
            <li>
              <Trans>
                … and {count - PREVIEW} more, the last on {lastOf(dates)}
              </Trans>
            </li>
          ) : null}
        </ul>
      ) : null}
    </div>
  );
}

function lastOf(dates: Date[]): string {
  const last = dates.at(-1);
  return last ? DateTime.fromJSDate(last).toFormat(DATE_DISPLAY_FORMAT) : "";
}
