import { DateTime } from "luxon";
import * as rruleModule from "rrule";

/**
 * Recurring shipments (issue 12): the recurrence form's rule (spec "Recurrence form") as an
 * RFC 5545 RRULE string both ways, and its expansion into the instants to create. The same
 * code runs in the form (the preview of the dates it will create) and on the server (the dates
 * it creates), with the `rrule` library doing the calendar arithmetic.
 *
 * Times are the yard's wall clock: a weekly 08:00 line stays at 08:00 across daylight-saving
 * changes. The rule is expanded on wall-clock times and each occurrence is then placed in the
 * yard's time zone.
 */

type RRuleLibrary = typeof import("rrule");
/** rrule ships CommonJS to Node and ESM to bundlers: the same names either way. */
const rrule: RRuleLibrary =
  "RRule" in rruleModule
    ? (rruleModule as RRuleLibrary)
    : (rruleModule as unknown as { default: RRuleLibrary }).default;
const { RRule, Weekday } = rrule;

export const FREQUENCIES = ["yearly", "monthly", "weekly", "daily"] as const;
export type Frequency = (typeof FREQUENCIES)[number];

/** RFC 5545 weekday codes, Monday first (ISO). */
export const WEEKDAYS = ["MO", "TU", "WE", "TH", "FR", "SA", "SU"] as const;
export type WeekdayCode = (typeof WEEKDAYS)[number];

/** Spec section 9: 1st, 2nd, 3rd, 4th and last (-1). */
export const NTH_VALUES = [1, 2, 3, 4, -1] as const;
export type Nth = (typeof NTH_VALUES)[number];

/** Spec section 5: the day choices of each month (February offers 28). */
export const MONTH_LENGTHS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;

/** A series never creates more than this many lines in one save. */
export const MAX_OCCURRENCES = 400;
/** "Never ends" creates the occurrences of this many days from the first date. */
export const NEVER_HORIZON_DAYS = 366;

export type RecurrenceEnd =
  | { kind: "never" }
  | { kind: "count"; count: number }
  /** The last day (YYYY-MM-DD, inclusive) on which an occurrence may fall. */
  | { kind: "until"; until: string };

export interface RecurrenceRule {
  frequency: Frequency;
  /** Every N days, weeks, months or years; at least 1. */
  interval: number;
  /** Yearly and monthly: on a date of the month, or on the nth weekday of the month. */
  monthlyBy: "date" | "weekday";
  /** By date: the day of the month, 1..31 (limited by the month's length in yearly rules). */
  monthDay: number;
  /** By weekday: which one (1st..4th or last) ... */
  nth: Nth;
  /** ... of which weekday. */
  nthWeekday: WeekdayCode;
  /** Yearly: the months of the year (1..12), at least one. */
  months: number[];
  /** Weekly: the weekdays, at least one. */
  weekdays: WeekdayCode[];
  end: RecurrenceEnd;
}

/** The form's starting rule for a first date: weekly on its weekday, never ending. */
export function defaultRule(first: DateTime): RecurrenceRule {
  return {
    frequency: "weekly",
    interval: 1,
    monthlyBy: "date",
    monthDay: first.day,
    nth: 1,
    nthWeekday: WEEKDAYS[first.weekday - 1] ?? "MO",
    months: [first.month],
    weekdays: [WEEKDAYS[first.weekday - 1] ?? "MO"],
    end: { kind: "never" },
  };
}

const FREQ_NAMES: Record<Frequency, string> = {
  yearly: "YEARLY",
  monthly: "MONTHLY",
  weekly: "WEEKLY",
  daily: "DAILY",
};

function untilText(day: string): string {
  // The whole last day counts: UNTIL is the day's last second on the wall clock.
  return `${day.replaceAll("-", "")}T235959Z`;
}

/** The rule as an RRULE line, e.g. `RRULE:FREQ=WEEKLY;INTERVAL=1;BYDAY=MO,WE;COUNT=8`. */
export function toRrule(rule: RecurrenceRule): string {
  const parts = [`FREQ=${FREQ_NAMES[rule.frequency]}`, `INTERVAL=${Math.max(1, rule.interval)}`];
  if (rule.frequency === "yearly") {
    const months = [...new Set(rule.months)].sort((a, b) => a - b);
    if (months.length > 0) parts.push(`BYMONTH=${months.join(",")}`);
  }
  if (rule.frequency === "yearly" || rule.frequency === "monthly") {
    if (rule.monthlyBy === "date") parts.push(`BYMONTHDAY=${rule.monthDay}`);
    else parts.push(`BYDAY=${rule.nth}${rule.nthWeekday}`);
  }
  if (rule.frequency === "weekly") {
    const days = WEEKDAYS.filter((day) => rule.weekdays.includes(day));
    parts.push(`BYDAY=${days.join(",")}`);
  }
  if (rule.end.kind === "count") parts.push(`COUNT=${Math.max(1, rule.end.count)}`);
  if (rule.end.kind === "until") parts.push(`UNTIL=${untilText(rule.end.until)}`);
  return `RRULE:${parts.join(";")}`;
}

function ruleBody(text: string): string {
  const line = text
    .split(/\r?\n/)
    .map((part) => part.trim())
    .find((part) => /^(RRULE:)?FREQ=/i.test(part) || /^RRULE:/i.test(part));
  if (!line) throw new RangeError("Not a recurrence rule (expected RRULE:FREQ=...)");
  return line.replace(/^RRULE:/i, "");
}

type RuleOptions = ReturnType<typeof RRule.parseString>;

function parse(text: string): RuleOptions {
  let options: RuleOptions;
  try {
    options = RRule.parseString(ruleBody(text));
  } catch (error) {
    throw error instanceof RangeError ? error : new RangeError(String(error));
  }
  const frequency = options.freq;
  if (
    frequency !== RRule.YEARLY &&
    frequency !== RRule.MONTHLY &&
    frequency !== RRule.WEEKLY &&
    frequency !== RRule.DAILY
  ) {
    throw new RangeError("The frequency must be yearly, monthly, weekly or daily");
  }
  if (options.interval != null && !(options.interval >= 1)) {
    throw new RangeError("The interval must be at least 1");
  }
  if (options.count != null && !(options.count >= 1)) {
    throw new RangeError("The number of repetitions must be at least 1");
  }
  if (options.until != null && Number.isNaN(options.until.getTime())) {
    throw new RangeError("The end date is not a date");
  }
  return options;
}

const asArray = <T>(value: T | T[] | null | undefined): T[] =>
  value == null ? [] : Array.isArray(value) ? value : [value];

function weekdayCode(day: unknown): { code: WeekdayCode; n?: number } {
  if (day instanceof Weekday) return { code: WEEKDAYS[day.weekday] ?? "MO", n: day.n ?? undefined };
  if (typeof day === "number") return { code: WEEKDAYS[day] ?? "MO" };
  const text = String(day);
  const match = /^([+-]?\d)?(MO|TU|WE|TH|FR|SA|SU)$/.exec(text);
  return {
    code: (match?.[2] ?? "MO") as WeekdayCode,
    n: match?.[1] ? Number(match[1]) : undefined,
  };
}

const FREQ_OF: Record<number, Frequency> = {
  [RRule.YEARLY]: "yearly",
  [RRule.MONTHLY]: "monthly",
  [RRule.WEEKLY]: "weekly",
  [RRule.DAILY]: "daily",
};

/**
 * An RRULE string back as the form's rule (to show a saved series). `first` fills what the
 * string leaves to its start date. Throws RangeError on a rule the form cannot show.
 */
export function fromRrule(text: string, first: DateTime): RecurrenceRule {
  const options = parse(text);
  const rule = defaultRule(first);
  rule.frequency = FREQ_OF[options.freq as number] ?? "weekly";
  rule.interval = options.interval ?? 1;
  const days = asArray(options.byweekday as unknown).map(weekdayCode);
  const monthDays = asArray(options.bymonthday as number | number[] | null);
  const months = asArray(options.bymonth as number | number[] | null);
  if (rule.frequency === "weekly" && days.length > 0) rule.weekdays = days.map((d) => d.code);
  if (rule.frequency === "yearly" || rule.frequency === "monthly") {
    rule.months = months;
    const nth = days[0];
    if (nth?.n !== undefined) {
      if (!(NTH_VALUES as readonly number[]).includes(nth.n)) {
        throw new RangeError("Only the 1st to 4th and the last weekday of a month are supported");
      }
      rule.monthlyBy = "weekday";
      rule.nth = nth.n as Nth;
      rule.nthWeekday = nth.code;
    } else if (monthDays[0] !== undefined) {
      rule.monthlyBy = "date";
      rule.monthDay = monthDays[0];
    }
  }
  if (options.count != null) rule.end = { kind: "count", count: options.count };
  else if (options.until != null) {
    rule.end = {
      kind: "until",
      until: DateTime.fromJSDate(options.until, { zone: "utc" }).toISODate() ?? "",
    };
  }
  return rule;
}

/** The wall-clock time of `instant` in `zone`, carried as a UTC Date (rrule's floating time). */
function floating(instant: Date, zone: string): Date {
  const wall = DateTime.fromJSDate(instant, { zone });
  if (!wall.isValid) throw new RangeError(`Unknown time zone ${zone}`);
  return new Date(
    Date.UTC(wall.year, wall.month - 1, wall.day, wall.hour, wall.minute, wall.second),
  );
}

/** A floating wall-clock time placed in `zone`. */
function placed(wall: Date, zone: string): Date {
  return DateTime.fromObject(
    {
      year: wall.getUTCFullYear(),
      month: wall.getUTCMonth() + 1,
      day: wall.getUTCDate(),
      hour: wall.getUTCHours(),
      minute: wall.getUTCMinutes(),
      second: wall.getUTCSeconds(),
    },
    { zone },
  ).toJSDate();
}

/**
 * The instants a rule creates from `first` (the booked date), in order, in the yard's time zone:
 * `first` itself when it matches the rule, at most MAX_OCCURRENCES, and for a rule without end
 * those of NEVER_HORIZON_DAYS days. Throws RangeError on a rule that is not valid.
 */
export function expandOccurrences(text: string, first: Date, zone = "UTC"): Date[] {
  const options = parse(text);
  const start = floating(first, zone);
  const rule = new RRule({ ...options, dtstart: start, tzid: null });
  let walls: Date[];
  if (options.count == null && options.until == null) {
    const horizon = new Date(start.getTime() + NEVER_HORIZON_DAYS * 24 * 3_600_000);
    walls = rule.between(start, horizon, true, (_, index) => index < MAX_OCCURRENCES);
  } else {
    walls = rule.all((_, index) => index < MAX_OCCURRENCES);
  }
  return walls.slice(0, MAX_OCCURRENCES).map((wall) => placed(wall, zone));
}
