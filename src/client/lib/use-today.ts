import { DateTime } from "luxon";
import { useEffect, useState } from "react";

const ISO_DATE = "yyyy-LL-dd";

/** The local calendar day of `now` as an ISO date (YYYY-MM-DD). */
export function isoDay(now: DateTime = DateTime.local()): string {
  return now.toFormat(ISO_DATE);
}

/** Milliseconds from `now` until the next local midnight (DST-aware through Luxon). */
export function msUntilNextDay(now: DateTime = DateTime.local()): number {
  return Math.max(0, now.startOf("day").plus({ days: 1 }).toMillis() - now.toMillis());
}

/** Late enough that a timer firing a hair early still lands on the new day. */
const AFTER_MIDNIGHT_MS = 50;

/**
 * Today's local date (YYYY-MM-DD), re-evaluated at local midnight and whenever the page
 * becomes visible again (a sleeping tablet's timers run late). Screens that stay open for
 * days, such as kiosks, use it so "today" follows the calendar.
 */
export function useToday(): string {
  const [today, setToday] = useState(() => isoDay());
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      timer = setTimeout(() => {
        setToday(isoDay());
        schedule();
      }, msUntilNextDay() + AFTER_MIDNIGHT_MS);
    };
    const handleVisibility = () => {
      if (document.visibilityState === "visible") setToday(isoDay());
    };
    schedule();
    document.addEventListener("visibilitychange", handleVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener("visibilitychange", handleVisibility);
    };
  }, []);
  return today;
}
