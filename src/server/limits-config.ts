import { z } from "zod";

/**
 * Abuse limits (issue 9), read by config.ts with the rest of the environment: request body
 * timeout, the longest wait on another request's Idempotency-Key, SMS rates, live-event
 * streams per session, the public self check-in's rates.
 */
const int = (fallback: number, min: number, max: number) =>
  z.coerce.number().int().min(min).max(max).default(fallback);

export const LimitsEnv = z.object({
  /** Whole request (headers and body) must arrive within this; 0 turns it off. */
  REQUEST_TIMEOUT_MS: int(30_000, 0, 3_600_000),
  /** A copy of a running request waits this long for its answer, then 409. */
  IDEMPOTENCY_WAIT_MS: int(20_000, 0, 120_000),
  /** Seconds between two SMS to the same truck (spec: 10). */
  SMS_TRUCK_INTERVAL_SECONDS: int(10, 0, 86_400),
  /** SMS one user may send per minute (0: no limit). */
  SMS_MAX_PER_USER_PER_MINUTE: int(20, 0, 10_000),
  /** Live-event streams one session may hold open; a new one beyond it closes the oldest. */
  EVENTS_MAX_STREAMS_PER_SESSION: int(5, 1, 100),
  /** Public self check-in requests per client address in ten minutes, across instances. */
  SELF_CHECK_IN_PER_ADDRESS: int(10, 1, 100_000),
  /** Failed references per self check-in page (token) in ten minutes, across instances. */
  SELF_CHECK_IN_PER_PAGE: int(300, 1, 1_000_000),
  /** Carrier booking page requests per client address in ten minutes, across instances. */
  CARRIER_BOOKING_PER_ADDRESS: int(60, 1, 100_000),
  /** Unknown references per carrier booking page in ten minutes, across instances. */
  CARRIER_BOOKING_PER_PAGE: int(300, 1, 1_000_000),
  /** A booking form sent back sooner than this after it was served is a bot's. */
  CARRIER_BOOKING_MIN_FILL_MS: int(3000, 0, 600_000),
});

export interface LimitsConfig {
  requestTimeoutMs: number;
  idempotencyWaitMs: number;
  smsTruckIntervalSeconds: number;
  smsMaxPerUserPerMinute: number;
  eventsMaxStreamsPerSession: number;
  selfCheckInPerAddress: number;
  selfCheckInPerPage: number;
  carrierBookingPerAddress: number;
  carrierBookingPerPage: number;
  carrierBookingMinFillMs: number;
}

export function limitsConfig(e: z.infer<typeof LimitsEnv>): LimitsConfig {
  return {
    requestTimeoutMs: e.REQUEST_TIMEOUT_MS,
    idempotencyWaitMs: e.IDEMPOTENCY_WAIT_MS,
    smsTruckIntervalSeconds: e.SMS_TRUCK_INTERVAL_SECONDS,
    smsMaxPerUserPerMinute: e.SMS_MAX_PER_USER_PER_MINUTE,
    eventsMaxStreamsPerSession: e.EVENTS_MAX_STREAMS_PER_SESSION,
    selfCheckInPerAddress: e.SELF_CHECK_IN_PER_ADDRESS,
    selfCheckInPerPage: e.SELF_CHECK_IN_PER_PAGE,
    carrierBookingPerAddress: e.CARRIER_BOOKING_PER_ADDRESS,
    carrierBookingPerPage: e.CARRIER_BOOKING_PER_PAGE,
    carrierBookingMinFillMs: e.CARRIER_BOOKING_MIN_FILL_MS,
  };
}
