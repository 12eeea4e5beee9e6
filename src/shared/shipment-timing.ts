/**
 * Timing class of a shipment line (spec section 4: in_time, forward, delay), computed by the
 * server for every line it answers and available to the client for its own rows:
 *
 * - arrived (arrival_date set): more than TIMING_TOLERANCE_MINUTES before booked_date is
 *   forward, more than that after it is delay, otherwise in_time;
 * - not arrived: delay once booked_date + tolerance has passed, otherwise in_time.
 */
export const TIMING_CLASSES = ["in_time", "forward", "delay"] as const;
export type TimingClass = (typeof TIMING_CLASSES)[number];

export const TIMING_TOLERANCE_MINUTES = 15;
const TOLERANCE_MS = TIMING_TOLERANCE_MINUTES * 60_000;

type Instant = Date | string | number;

const ms = (value: Instant) =>
  value instanceof Date ? value.getTime() : new Date(value).getTime();

export function timingClass(
  line: { booked_date: Instant; arrival_date: Instant | null },
  now: Instant = Date.now(),
): TimingClass {
  const booked = ms(line.booked_date);
  if (line.arrival_date === null) return ms(now) > booked + TOLERANCE_MS ? "delay" : "in_time";
  const difference = ms(line.arrival_date) - booked;
  if (difference < -TOLERANCE_MS) return "forward";
  if (difference > TOLERANCE_MS) return "delay";
  return "in_time";
}
