import { and, count, desc, eq, type SQL, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/database";
import { type SmsMessageRow, smsMessages } from "../../db/schema/sms";
import { smsSendHits } from "../../db/schema/sms-limits";

export type NewSms = typeof smsMessages.$inferInsert;

export async function insertSms(db: Db, values: NewSms): Promise<SmsMessageRow> {
  const [row] = await db.insert(smsMessages).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** The company's messages, newest first; optionally those sent to one truck. */
export async function listSms(
  db: Db,
  companyId: number,
  filter: { shipperId?: number | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: SmsMessageRow[] }> {
  const conditions: SQL[] = [eq(smsMessages.companyId, companyId)];
  if (filter.shipperId !== undefined) conditions.push(eq(smsMessages.shipperId, filter.shipperId));
  const where = and(...conditions);
  const [total] = await db.select({ n: count() }).from(smsMessages).where(where);
  const rows = await db
    .select()
    .from(smsMessages)
    .where(where)
    .orderBy(desc(smsMessages.createdAt), desc(smsMessages.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

const LOCK_CLASS = 0x594c_534d;

export interface SmsSender {
  companyId: number;
  userId: number;
  /** The truck the SMS goes to; undefined: no truck (only the user's rate applies). */
  shipperId: number | undefined;
}

function rowsOf<T>(result: unknown): T[] {
  return (result as { rows?: T[] } | null)?.rows ?? [];
}

/**
 * The SMS limits' locks and counts (rate-limit.ts decides): takes the advisory locks on the
 * truck, then the user (always in that order), then reads how long the truck must still wait
 * after its last SMS (`truckSeconds` window) and what the user sent in `userSeconds`.
 */
export async function lockAndReadWaits(
  tx: Executor,
  sender: SmsSender,
  truckSeconds: number,
  userSeconds: number,
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
  const interval = truckSeconds;
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
        and ${smsSendHits.createdAt} > t.now - make_interval(secs => ${userSeconds})
    )
    select
      coalesce(ceil(extract(epoch from truck.last + make_interval(secs => ${interval}) - t.now)), 0)::int
        as truck_wait,
      mine.sent as user_sent,
      coalesce(ceil(extract(epoch from mine.oldest + make_interval(secs => ${userSeconds}) - t.now)), 0)::int
        as user_wait
    from t, truck, mine`);
  const [row] = rowsOf<{ truck_wait: number; user_sent: number; user_wait: number }>(result);
  return {
    truckWait: row?.truck_wait ?? 0,
    userSent: row?.user_sent ?? 0,
    userWait: row?.user_wait ?? 0,
  };
}

/** Records the attempt; hits older than `keepSeconds` count for nothing any more and go. */
export async function recordHit(tx: Executor, sender: SmsSender, keepSeconds: number) {
  // An indexed range delete.
  await tx.execute(sql`
    delete from ${smsSendHits}
    where ${smsSendHits.createdAt} < clock_timestamp() - make_interval(secs => ${keepSeconds})`);
  await tx.execute(sql`
    insert into ${smsSendHits} (company_id, shipper_id, user_id, created_at)
    values (${sender.companyId}, ${sender.shipperId ?? 0}, ${sender.userId}, clock_timestamp())`);
}
