import { sql } from "drizzle-orm";
import { describe, expect, test } from "vitest";
import { DEMO_USERS } from "../db/demo-data";
import { users } from "../db/schema/users";
import { openSeededPglite, seededPgliteTemplate } from "./pglite-template";

describe.skipIf(Boolean(process.env.DATABASE_URL))("the seeded PGlite template", () => {
  test("holds the app's database alone, seeded, and each start is a copy of its own", async () => {
    const first = await openSeededPglite(10);
    const second = await openSeededPglite(10);
    try {
      const databases = await first.db
        .select({ name: sql<string>`datname` })
        .from(sql`pg_database`)
        .orderBy(sql`datname`);
      // template0 and template1 are left out: every test database loaded them for nothing.
      expect(databases).toEqual([{ name: "postgres" }]);
      expect(await first.db.$count(users)).toBe(DEMO_USERS.length);
      await first.db.delete(users);
      expect(await first.db.$count(users)).toBe(0);
      expect(await second.db.$count(users)).toBe(DEMO_USERS.length);
    } finally {
      await Promise.all([first.close(), second.close()]);
    }
  });

  test("without the template databases it is 40 % smaller than a whole cluster", async () => {
    const bytes = await (await seededPgliteTemplate(10)).arrayBuffer();
    // A whole seeded cluster dumped at 35 MB; its app database and log alone are under 21 MB.
    expect(bytes.byteLength).toBeGreaterThan(1_000_000);
    expect(bytes.byteLength).toBeLessThan(21_000_000);
  });
});
