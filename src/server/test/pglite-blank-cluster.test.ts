import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openPglite } from "../db/pglite";
import { companies } from "../db/schema/companies";
import { blankClusterDump, prefillDataDir } from "./pglite-blank-cluster";

/** db.execute's rows (its type names neither adapter's result). */
const rowsOf = <T>(result: unknown) => (result as { rows: T[] }).rows;

describe("the empty cluster new test databases start from", () => {
  let dir: string;
  beforeAll(() => {
    dir = mkdtempSync(join(tmpdir(), "yardline-blank-cluster-"));
  });
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("fills a directory with initdb's cluster, which a first start migrates like a new install", async () => {
    await prefillDataDir(dir);
    // PGlite resumes a directory holding PG_VERSION and runs initdb only without it.
    expect(existsSync(join(dir, "PG_VERSION"))).toBe(true);

    const database = await openPglite(dir, { thread: "inline" });
    try {
      const names = await database.db.execute(sql`select datname from pg_database order by 1`);
      expect(rowsOf<{ datname: string }>(names).map((row) => row.datname)).toEqual([
        "postgres",
        "template0",
        "template1",
      ]);
      const tables = await database.db.execute(
        sql`select count(*)::int as n from pg_tables where schemaname = 'public'`,
      );
      expect(rowsOf<{ n: number }>(tables)[0]?.n).toBe(0);

      await database.migrate();
      expect(await database.db.select().from(companies)).toEqual([]);
    } finally {
      await database.close();
    }
  }, 60_000);

  it("gives every start its own copy", async () => {
    const [first, second] = await Promise.all([blankClusterDump(), blankClusterDump()]);
    const one = await openPglite("memory://", { thread: "inline", loadDataDir: first });
    const other = await openPglite("memory://", { thread: "inline", loadDataDir: second });
    try {
      await one.db.execute(sql`create table only_here (n int)`);
      const seen = await other.db.execute(
        sql`select count(*)::int as n from pg_tables where tablename = 'only_here'`,
      );
      expect(rowsOf<{ n: number }>(seen)[0]?.n).toBe(0);
    } finally {
      await Promise.all([one.close(), other.close()]);
    }
  }, 60_000);
});
