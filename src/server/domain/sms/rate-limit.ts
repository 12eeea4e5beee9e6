import type { Db } from "../../db/database";
import { errors } from "../../errors";
import type { LimitsConfig } from "../../limits-config";
import { lockAndReadWaits, recordHit, type SmsSender } from "./repository";

/**
 * Server-side SMS limits (issue 9): a truck gets at most one SMS per
 * SMS_TRUCK_INTERVAL_SECONDS (the spec's 10 s send lock), a user sends at most
 * SMS_MAX_PER_USER_PER_MINUTE. Refusals are 429 rate_limited with Retry-After.
 *
 * Counted in the database (sms_send_hits), so the limits hold across instances. Race-safe:
 * one transaction takes transaction-level advisory locks on the truck and on the user (always
 * truck first, so two senders never wait on each other in a cycle), counts, and records the
 * attempt before it commits; two sends at once for the same truck or user run one after the
 * other, and the second sees the first. Times are the database's clock_timestamp(), read after
 * the locks. A send the gateway then refuses still counts (it was an attempt on the phone).
 */
const MINUTE_SECONDS = 60;

/**
 * Records one SMS attempt for the sender, or throws 429 rate_limited (with Retry-After) when
 * the truck had one within the interval or the user used up the minute's allowance.
 */
export async function takeSmsSlot(db: Db, sender: SmsSender, limits: LimitsConfig): Promise<void> {
  const longest = Math.max(limits.smsTruckIntervalSeconds, MINUTE_SECONDS);
  await db.transaction(async (tx) => {
    const seen = await lockAndReadWaits(tx, sender, limits.smsTruckIntervalSeconds, MINUTE_SECONDS);
    if (
      sender.shipperId !== undefined &&
      limits.smsTruckIntervalSeconds > 0 &&
      seen.truckWait > 0
    ) {
      throw errors.rateLimited(Math.max(1, seen.truckWait));
    }
    const perMinute = limits.smsMaxPerUserPerMinute;
    if (perMinute > 0 && seen.userSent >= perMinute) {
      throw errors.rateLimited(Math.max(1, seen.userWait));
    }
    await recordHit(tx, sender, longest);
  });
}
