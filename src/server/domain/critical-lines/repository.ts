import { and, asc, count, desc, eq, gte, inArray, lt, type SQL, sql } from "drizzle-orm";
import type { CriticalLineTextField } from "../../../shared/contract/critical-lines";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import {
  type CriticalLineRow,
  criticalLineHistory,
  criticalLines,
  type NewCriticalLineRow,
} from "../../db/schema/critical-lines";
import { users } from "../../db/schema/users";
import { deleteVersionedRow, updateVersionedRow } from "../../db/versioned-rows";

/** Every query is scoped to one company: a line of another company does not exist. */
const ofCompany = (companyId: number, ...more: (SQL | undefined)[]) =>
  and(eq(criticalLines.companyId, companyId), ...more);

const TEXT_COLUMNS = {
  cause: criticalLines.cause,
  activity: criticalLines.activity,
  line: criticalLines.line,
  product: criticalLines.product,
  contact: criticalLines.contact,
  destination: criticalLines.destination,
  provider: criticalLines.provider,
  client_name: criticalLines.clientName,
} as const satisfies Record<CriticalLineTextField, unknown>;

export interface CriticalLineFilter {
  /** Lines still running at or after this instant (end_date >= from). */
  from?: Date | undefined;
  /** Lines started before this instant (init_date < until). */
  until?: Date | undefined;
  /** Contains, case-insensitive. */
  texts: Partial<Record<CriticalLineTextField, string>>;
  limit: number;
  offset: number;
}

export async function listCriticalLines(
  db: Executor,
  companyId: number,
  filter: CriticalLineFilter,
): Promise<{ count: number; rows: CriticalLineRow[] }> {
  const texts = Object.entries(filter.texts).flatMap(([field, value]) =>
    value
      ? [sql`${TEXT_COLUMNS[field as CriticalLineTextField]} ilike ${containsPattern(value)}`]
      : [],
  );
  const where = ofCompany(
    companyId,
    filter.from ? gte(criticalLines.endDate, filter.from) : undefined,
    filter.until ? lt(criticalLines.initDate, filter.until) : undefined,
    ...texts,
  );
  const [total] = await db.select({ n: count() }).from(criticalLines).where(where);
  const rows = await db
    .select()
    .from(criticalLines)
    .where(where)
    .orderBy(asc(criticalLines.initDate), asc(criticalLines.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findCriticalLine(
  db: Executor,
  companyId: number,
  id: number,
): Promise<CriticalLineRow | undefined> {
  const [row] = await db
    .select()
    .from(criticalLines)
    .where(ofCompany(companyId, eq(criticalLines.id, id)));
  return row;
}

export async function findCriticalLineByUid(
  db: Executor,
  companyId: number,
  uid: string,
): Promise<CriticalLineRow | undefined> {
  const [row] = await db
    .select()
    .from(criticalLines)
    .where(ofCompany(companyId, eq(criticalLines.uid, uid)));
  return row;
}

/** Lines of the company by id (the change feed); missing ids are left out. */
export async function findCriticalLines(
  db: Executor,
  companyId: number,
  ids: readonly number[],
): Promise<CriticalLineRow[]> {
  if (ids.length === 0) return [];
  return db
    .select()
    .from(criticalLines)
    .where(ofCompany(companyId, inArray(criticalLines.id, [...ids])));
}

export async function insertCriticalLine(
  db: Executor,
  values: NewCriticalLineRow,
): Promise<CriticalLineRow> {
  const [row] = await db.insert(criticalLines).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export type CriticalLineChanges = Omit<NewCriticalLineRow, "id" | "uid" | "companyId" | "userId">;

/** Applies the changes and bumps the version; only at one of `versions` when given. */
export function updateCriticalLine(
  db: Executor,
  companyId: number,
  id: number,
  changes: CriticalLineChanges,
  versions?: readonly number[],
): Promise<CriticalLineRow | undefined> {
  return updateVersionedRow(db, criticalLines, companyId, id, changes, versions);
}

export function deleteCriticalLine(
  db: Executor,
  companyId: number,
  id: number,
  versions?: readonly number[],
): Promise<boolean> {
  return deleteVersionedRow(db, criticalLines, companyId, id, versions);
}

export async function insertHistory(
  db: Executor,
  entry: typeof criticalLineHistory.$inferInsert,
): Promise<void> {
  await db.insert(criticalLineHistory).values(entry);
}

export interface CriticalLineHistoryView {
  entry: typeof criticalLineHistory.$inferSelect;
  user: typeof users.$inferSelect | null;
}

/** The line's changes, newest first; users stay named after they are deleted (deactivated). */
export async function listHistory(
  db: Executor,
  companyId: number,
  lineId: number,
): Promise<CriticalLineHistoryView[]> {
  return db
    .select({ entry: criticalLineHistory, user: users })
    .from(criticalLineHistory)
    .leftJoin(users, eq(users.id, criticalLineHistory.userId))
    .where(
      and(
        eq(criticalLineHistory.companyId, companyId),
        eq(criticalLineHistory.criticalLineId, lineId),
      ),
    )
    .orderBy(desc(criticalLineHistory.id));
}

/** Username of the line's latest history entry, else of its creator: who wrote it last. */
export async function lastWriter(db: Executor, line: CriticalLineRow): Promise<string | null> {
  const [latest] = await db
    .select({ userId: criticalLineHistory.userId })
    .from(criticalLineHistory)
    .where(eq(criticalLineHistory.criticalLineId, line.id))
    .orderBy(desc(criticalLineHistory.id))
    .limit(1);
  const userId = latest ? latest.userId : line.userId;
  if (userId === null) return null;
  const [user] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return user?.username ?? null;
}
