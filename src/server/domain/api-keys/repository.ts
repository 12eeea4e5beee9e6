import { and, desc, eq, isNull, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { apiKeys } from "../../db/schema/integrations";
import { users } from "../../db/schema/users";

export interface ApiKeyView {
  key: typeof apiKeys.$inferSelect;
  createdBy: string;
}

const viewColumns = { key: apiKeys, createdBy: users.username };

/** The company's keys, newest first (revoked ones too: the list shows when they ended). */
export async function listApiKeys(db: Executor, companyId: number): Promise<ApiKeyView[]> {
  return db
    .select(viewColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(eq(apiKeys.companyId, companyId))
    .orderBy(desc(apiKeys.id));
}

export async function findApiKey(db: Executor, companyId: number, id: number) {
  const [row] = await db
    .select(viewColumns)
    .from(apiKeys)
    .innerJoin(users, eq(users.id, apiKeys.createdBy))
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id)));
  return row;
}

export async function insertApiKey(db: Executor, values: typeof apiKeys.$inferInsert) {
  const [row] = await db.insert(apiKeys).values(values).returning({ id: apiKeys.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

/** Revokes a live key; false when there is none (already revoked or not the company's). */
export async function revokeApiKey(db: Executor, companyId: number, id: number) {
  const revoked = await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.companyId, companyId), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)))
    .returning({ id: apiKeys.id });
  return revoked.length > 0;
}
