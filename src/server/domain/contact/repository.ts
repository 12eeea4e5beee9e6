import { and, count, eq, gt, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { contactRequests } from "../../db/schema/contact";

export interface ContactValues {
  name: string;
  email: string;
  phone: string;
  company: string;
  comments: string;
  product: string;
  language: string;
  address: string;
}

/** Requests stored from `address` within the last hour. */
export async function recentFrom(db: Executor, address: string): Promise<number> {
  const [row] = await db
    .select({ n: count() })
    .from(contactRequests)
    .where(
      and(
        eq(contactRequests.address, address),
        gt(contactRequests.createdAt, sql`now() - interval '1 hour'`),
      ),
    );
  return row?.n ?? 0;
}

export async function insertContact(db: Executor, values: ContactValues): Promise<number> {
  const [row] = await db
    .insert(contactRequests)
    .values(values)
    .returning({ id: contactRequests.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

export async function markMailed(db: Executor, id: number): Promise<void> {
  await db.update(contactRequests).set({ mailedAt: sql`now()` }).where(eq(contactRequests.id, id));
}
