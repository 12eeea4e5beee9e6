import { and, count, desc, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/database";
import { type SmsMessageRow, smsMessages } from "../../db/schema/sms";

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
