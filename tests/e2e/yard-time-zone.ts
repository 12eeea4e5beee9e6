import { DateTime } from "luxon";

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
  return hoursAheadZone(hour - now.getUTCHours());
}

export interface YardClock {
  /** A whole-hour fixed-offset IANA zone (Etc/GMT-N is N hours ahead of UTC, POSIX sign). */
  timeZone: string;
  /** Added to the real clock in every process and browser of the run (|shift| <= 30 min). */
  shiftMs: number;
}

/**
 * The yard's clock reading `time` ("HH:MM", to the minute) when the run starts
 * (YARDLINE_E2E_YARD_TIME). No zone name reaches any minute in all the run's parts: Node 20's
 * Intl and TZ refuse ICU's custom ids ("GMT+05:40") and POSIX strings, Luxon's "UTC+5:40" is
 * Luxon's alone. So the nearest whole-hour Etc/GMT zone gives the hour, and the clock itself is
 * moved by the remaining minutes (under half an hour either way): `yard-clock.cjs` in the Node
 * processes (test workers, the e2e server, its PGlite thread), an init script in every browser
 * context (fixtures.ts). Real time then runs on from there, so a run at 23:59 crosses the
 * yard's midnight a minute in.
 */
export function yardClock(time: string, now: Date = new Date()): YardClock {
  const match = /^([01]\d|2[0-3]):([0-5]\d)$/.exec(time);
  if (!match) throw new Error(`YARDLINE_E2E_YARD_TIME must read HH:MM, not "${time}"`);
  const target = Number(match[1]) * 60 + Number(match[2]);
  const minuteOfDay = (now.getTime() / 60_000) % 1440;
  // Minutes to move the real clock forward (mod one day): whole hours go to the zone, the rest
  // (at most half an hour either way) to the clock.
  const ahead = (((target - minuteOfDay) % 1440) + 1440) % 1440;
  const hours = Math.round(ahead / 60);
  return { timeZone: hoursAheadZone(hours), shiftMs: Math.round((ahead - hours * 60) * 60_000) };
}

/** A whole-hour zone `hoursAhead` of UTC (mod one day): offsets -11..+12 reach every hour. */
function hoursAheadZone(hoursAhead: number): string {
  const ahead = ((hoursAhead % 24) + 24) % 24;
  const offset = ahead > 12 ? ahead - 24 : ahead;
  if (offset === 0) return "Etc/UTC";
  return offset > 0 ? `Etc/GMT-${offset}` : `Etc/GMT+${-offset}`;
}

/**
 * Where a journey that shows the demo's lines of today (the kiosk walls) starts its page clock
 * (page.clock.install): now while the yard is still on the day the demo was seeded around
 * (YARDLINE_E2E_DEMO_NOW, playwright.config.ts) with two hours to go, else noon of that day.
 * A run that crosses the yard's midnight would otherwise show those walls a day the demo barely
 * fills, and a wall's reload ticks (minutes of page time) could cross it within a journey.
 */
export function demoDayClock(
  now: Date = new Date(),
  demoNow = process.env.YARDLINE_E2E_DEMO_NOW,
  zone = process.env.YARDLINE_E2E_TIME_ZONE ?? "UTC",
): Date {
  if (!demoNow) return now;
  const demoDay = DateTime.fromISO(demoNow, { zone }).startOf("day");
  const yardNow = DateTime.fromJSDate(now, { zone });
  if (yardNow.hasSame(demoDay, "day") && yardNow.hour < 22) return now;
  return demoDay.set({ hour: 12 }).toJSDate();
}

/**
 * How long a journey whose writes and reads must fall on one yard day (trucks that arrive now,
 * then the wall's "today") waits before it starts: the time left to the yard's midnight when
 * that is under `needMs`, else 0. A run set to 23:59 then starts it on the new day instead of
 * reading an empty "today" after crossing midnight halfway.
 */
export function msUntilYardDayHasRoom(
  needMs: number,
  now: Date = new Date(),
  zone = process.env.YARDLINE_E2E_TIME_ZONE ?? "UTC",
): number {
  const yardNow = DateTime.fromJSDate(now, { zone });
  const left = yardNow.endOf("day").toMillis() + 1 - yardNow.toMillis();
  return left < needMs ? left + 1_000 : 0;
}

/**
 * An instant as the app shows it to the run's yard (the zone every browser context runs in), for
 * journeys that store fixed instants: "24/11/2026 08:30" in UTC is the evening before at GMT-9.
 */
export function shownInYard(
  iso: string,
  format = "dd/MM/yyyy HH:mm",
  zone = process.env.YARDLINE_E2E_TIME_ZONE ?? "UTC",
): string {
  return DateTime.fromISO(iso, { zone }).toFormat(format);
}
