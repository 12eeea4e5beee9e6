import { DateTime } from "luxon";
import { DATE_FILTER_FORMAT } from "./constants";

/** Date quick filters of spec sections 2 and 9, with their day offsets. */
export const QUICK_FILTERS = {
  yesterday: -1,
  today: 0,
  tomorrow: 1,
  next_week: 7,
  next_month: 31,
  from_now: null,
} as const;

export type QuickFilter = keyof typeof QUICK_FILTERS;

/** A date range as the URL keeps it: ISO dates (YYYY-MM-DD), either end optional. */
export interface DateRange {
  after?: string;
  before?: string;
}

const ISO_DATE = "yyyy-LL-dd";

/**
 * The range a quick filter selects, relative to `now`: single days for yesterday, today and
 * tomorrow; today up to the offset for next_week and next_month; from today on for from_now.
 */
export function quickFilterRange(filter: QuickFilter, now: DateTime = DateTime.local()): DateRange {
  const today = now.startOf("day");
  const offset = QUICK_FILTERS[filter];
  if (offset === null) return { after: today.toFormat(ISO_DATE) };
  if (filter === "next_week" || filter === "next_month") {
    return {
      after: today.toFormat(ISO_DATE),
      before: today.plus({ days: offset }).toFormat(ISO_DATE),
    };
  }
  const day = today.plus({ days: offset }).toFormat(ISO_DATE);
  return { after: day, before: day };
}

/** Which quick filter, if any, the range equals (to highlight its button). */
export function matchingQuickFilter(
  range: DateRange,
  now: DateTime = DateTime.local(),
): QuickFilter | null {
  const names = Object.keys(QUICK_FILTERS) as QuickFilter[];
  return (
    names.find((name) => {
      const candidate = quickFilterRange(name, now);
      return candidate.after === range.after && candidate.before === range.before;
    }) ?? null
  );
}

/** An "after" bound sent to the API: start of that day, YYYY-MM-DDTHH:mm (spec section 5). */
export function startOfDayBound(isoDate: string): string | undefined {
  const day = DateTime.fromISO(isoDate);
  return day.isValid ? day.startOf("day").toFormat(DATE_FILTER_FORMAT) : undefined;
}

/** A "before" bound sent to the API: end of that day, YYYY-MM-DDTHH:mm (spec section 5). */
export function endOfDayBound(isoDate: string): string | undefined {
  const day = DateTime.fromISO(isoDate);
  return day.isValid ? day.endOf("day").toFormat(DATE_FILTER_FORMAT) : undefined;
}
