import { and, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { PgColumn, PgTable, PgUpdateSetSource } from "drizzle-orm/pg-core";
import type { Db } from "./database";

/** A company's table whose rows carry a version (If-Match) and an update time. */
export type VersionedTable = PgTable & {
  id: PgColumn;
  companyId: PgColumn;
  version: PgColumn;
  updatedAt: PgColumn;
};

/** The row is at one of `versions` (If-Match); no condition when there are none. */
export function atVersions(version: PgColumn, versions?: readonly number[]): SQL | undefined {
  return versions ? inArray(version, [...versions]) : undefined;
}

/**
 * One row of the company, at one of `versions` when given (If-Match): another company's row
 * does not exist, and a row at another version does not match.
 */
function companyRow(
  table: VersionedTable,
  companyId: number,
  id: number,
  versions?: readonly number[],
): SQL | undefined {
  return and(eq(table.companyId, companyId), eq(table.id, id), atVersions(table.version, versions));
}

/**
 * Applies the changes and bumps the version. With `versions`, only when the row is at one of
 * them: undefined means the row is missing, another company's, or at another version.
 */
export async function updateVersionedRow<T extends VersionedTable>(
  db: Db,
  table: T,
  companyId: number,
  id: number,
  changes: PgUpdateSetSource<T>,
  versions?: readonly number[],
): Promise<T["$inferSelect"] | undefined> {
  const bumped = { ...changes, version: sql`${table.version} + 1`, updatedAt: new Date() };
  // Drizzle cannot resolve returning()'s row type through a generic table: it is T's select row.
  const rows: unknown = await db
    .update(table)
    .set(bumped satisfies object as PgUpdateSetSource<T>)
    .where(companyRow(table, companyId, id, versions))
    .returning();
  return (rows as T["$inferSelect"][])[0];
}

/** Deletes the row (at one of `versions`, when given); false when nothing matched. */
export async function deleteVersionedRow(
  db: Db,
  table: VersionedTable,
  companyId: number,
  id: number,
  versions?: readonly number[],
): Promise<boolean> {
  const deleted = await db
    .delete(table)
    .where(companyRow(table, companyId, id, versions))
    .returning({ id: table.id });
  return deleted.length > 0;
}
