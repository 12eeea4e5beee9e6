import type { DateTime } from "luxon";
import { useEffect, useRef } from "react";
import {
  type DateRange,
  matchingQuickFilter,
  QUICK_FILTERS,
  type QuickFilter,
  quickFilterRange,
} from "../../../shared/date-filters";
import { searchDay } from "./search-fields";

/**
 * A list's selected date filter kept in localStorage (spec section 4: the bw company does
 * this), restored when the list opens without dates in the URL. A quick filter is kept by name,
 * so "today" stays today on the next day; dates picked by hand are kept as dates.
 */
type Saved = { quick: QuickFilter } | { after?: string; before?: string };

export function dateFilterKey(scope: string): string {
  return `date-filter:${scope}`;
}

export function saveDateFilter(scope: string, range: DateRange, now?: DateTime): void {
  try {
    if (range.after === undefined && range.before === undefined) {
      localStorage.removeItem(dateFilterKey(scope));
      return;
    }
    const quick = matchingQuickFilter(range, now);
    const saved: Saved = quick ? { quick } : { after: range.after, before: range.before };
    localStorage.setItem(dateFilterKey(scope), JSON.stringify(saved));
  } catch {
    // Storage full or blocked: the filter simply is not remembered.
  }
}

/** The saved range (a quick filter recomputed for `now`), or null when none or unreadable. */
export function readDateFilter(scope: string, now?: DateTime): DateRange | null {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(dateFilterKey(scope)) ?? "null");
    if (typeof parsed !== "object" || parsed === null) return null;
    const saved = parsed as Record<string, unknown>;
    if (typeof saved.quick === "string" && saved.quick in QUICK_FILTERS) {
      return quickFilterRange(saved.quick as QuickFilter, now);
    }
    const range = { after: searchDay.parse(saved.after), before: searchDay.parse(saved.before) };
    return range.after === undefined && range.before === undefined ? null : range;
  } catch {
    return null;
  }
}

/**
 * Keeps `range` saved under `scope` while `enabled`; on the first render with no dates in the
 * URL, applies the saved one instead (through `apply`, which writes the URL).
 */
export function useStoredDateFilter(
  enabled: boolean,
  scope: string,
  range: DateRange,
  apply: (range: DateRange) => void,
): void {
  const opened = useRef<string | null>(null);
  const latestApply = useRef(apply);
  latestApply.current = apply;
  const { after, before } = range;
  useEffect(() => {
    if (!enabled) return;
    if (opened.current !== scope) {
      opened.current = scope;
      const saved = after === undefined && before === undefined ? readDateFilter(scope) : null;
      if (saved) {
        latestApply.current(saved);
        return;
      }
    }
    saveDateFilter(scope, { after, before });
  }, [enabled, scope, after, before]);
}
