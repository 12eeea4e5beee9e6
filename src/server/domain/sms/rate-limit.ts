import { sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/database";
import { smsSendHits } from "../../db/schema/sms-limits";
import { errors } from "../../errors";
import type { LimitsConfig } from "../../limits-config";

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
const LOCK_CLASS = 0x594c_534d;
const MINUTE_SECONDS = 60;

export interface SmsSender {
  companyId: number;
  userId: number;
  /** The truck the SMS goes to; undefined: no truck (only the user's rate applies). */
  shipperId: number | undefined;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] } | null)?.rows ?? [];
}

/** Takes the locks, then reads how long the truck and the user must still wait. */
async function lockAndRead(
  tx: Executor,
  sender: SmsSender,
  limits: LimitsConfig,
): Promise<{ truckWait: number; userSent: number; userWait: number }> {
  const truck = sender.shipperId ?? 0;
  if (sender.shipperId !== undefined) {
    await tx.execute(
      sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`truck:${sender.companyId}:${truck}`}))`,
    );
  }
  await tx.execute(
    sql`select pg_advisory_xact_lock(${LOCK_CLASS}, hashtext(${`user:${sender.userId}`}))`,
  );
  const interval = limits.smsTruckIntervalSeconds;
  const result = await tx.execute(sql`
    with t as (select clock_timestamp() as now),
    truck as (
      select max(${smsSendHits.createdAt}) as last from ${smsSendHits}, t
      where ${sender.shipperId !== undefined} and ${smsSendHits.companyId} = ${sender.companyId}
        and ${smsSendHits.shipperId} = ${truck}
        and ${smsSendHits.createdAt} > t.now - make_interval(secs => ${interval})
    ),
    mine as (
      select count(*)::int as sent, min(${smsSendHits.createdAt}) as oldest from ${smsSendHits}, t
      where ${smsSendHits.userId} = ${sender.userId}
        and ${smsSendHits.createdAt} > t.now - make_interval(secs => ${MINUTE_SECONDS})
    )
    select
      coalesce(ceil(extract(epoch from truck.last + make_interval(secs => ${interval}) - t.now)), 0)::int
        as truck_wait,
      mine.sent as user_sent,
      coalesce(ceil(extract(epoch from mine.oldest + make_interval(secs => ${MINUTE_SECONDS}) - t.now)), 0)::int
        as user_wait
    from t, truck, mine`);
  const [row] = rowsOf<{ truck_wait: number; user_sent: number; user_wait: number }>(result);
  return {
    truckWait: row?.truck_wait ?? 0,
    userSent: row?.user_sent ?? 0,
    userWait: row?.user_wait ?? 0,
  };
}

/**
 * Records one SMS attempt for the sender, or throws 429 rate_limited (with Retry-After) when
 * the truck had one within the interval or the user used up the minute's allowance.
 */
export async function takeSmsSlot(db: Db, sender: SmsSender, limits: LimitsConfig): Promise<void> {
  const longest = Math.max(limits.smsTruckIntervalSeconds, MINUTE_SECONDS);
  await db.transaction(async (tx) => {
    const seen = await lockAndRead(tx, sender, limits);
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
    // Hits older than the longest window count for nothing any more (an indexed range).
    await tx.execute(sql`
      delete from ${smsSendHits}
      where ${smsSendHits.createdAt} < clock_timestamp() - make_interval(secs => ${longest})`);
    await tx.execute(sql`
      insert into ${smsSendHits} (company_id, shipper_id, user_id, created_at)
      values (${sender.companyId}, ${sender.shipperId ?? 0}, ${sender.userId}, clock_timestamp())`);
  });
}
