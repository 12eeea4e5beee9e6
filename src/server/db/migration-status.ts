import { readFileSync } from "node:fs";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { type Db, MIGRATIONS_FOLDER } from "./database";

/**
 * Whether the database has every migration this code ships (GET /readyz): drizzle's migrator
 * records each applied migration in drizzle.__drizzle_migrations with its journal timestamp,
 * so the newest recorded one must be at least the newest of meta/_journal.json.
 */
interface Journal {
  entries: { when: number; tag: string }[];
}

const LATEST_SHIPPED = Math.max(
  0,
  ...(
    JSON.parse(readFileSync(join(MIGRATIONS_FOLDER, "meta", "_journal.json"), "utf8")) as Journal
  ).entries.map((entry) => entry.when),
);

/** True when no shipped migration is missing; throws when the journal table cannot be read. */
export async function migrationsApplied(db: Db): Promise<boolean> {
  const result = (await db.execute(
    sql`select max(created_at)::text as latest from drizzle.__drizzle_migrations`,
  )) as unknown as { rows: { latest: string | null }[] };
  const latest = Number(result.rows[0]?.latest ?? 0);
  return latest >= LATEST_SHIPPED;
}
