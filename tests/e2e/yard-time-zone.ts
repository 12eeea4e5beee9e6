/**
 * The e2e suite's yard clock: the demo yard, the e2e server, the test workers and every browser
 * context share one fixed-offset time zone in which the yard's hour is `hour` (about midday by
 * default) when the run starts, so the journeys see the same "today" and an open dock whatever
 * the hour a newcomer runs `npm test` (a run lasts well under the hours left to the yard's
 * midnight). YARDLINE_E2E_YARD_HOUR runs the suite at another hour of the yard's day.
 */
export function yardTimeZone(
  hour = Number(process.env.YARDLINE_E2E_YARD_HOUR ?? 12),
  now: Date = new Date(),
): string {
  // Etc/GMT-N is N hours ahead of UTC (POSIX sign): offsets from -11 to +12 reach every hour.
  const hoursAhead = (((hour - now.getUTCHours()) % 24) + 24) % 24;
  const offset = hoursAhead > 12 ? hoursAhead - 24 : hoursAhead;
  if (offset === 0) return "Etc/UTC";
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}
