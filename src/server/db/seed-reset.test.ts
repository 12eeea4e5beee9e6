import { count, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createScratchStorage, type ScratchStorage } from "../test/harness";
import type { Database } from "./database";
import { DEMO_USERS } from "./demo-data";
import { openDatabase } from "./open-database";
import { checkInPages } from "./schema/check-ins";
import { companies } from "./schema/companies";
import { users } from "./schema/users";
import { resetDemo } from "./seed";

/** `npm run seed` on a database that already holds a migrated, changed Yardline. */
describe("resetDemo (npm run seed)", () => {
  let scratch: ScratchStorage;
  let database: Database;
  beforeAll(async () => {
    scratch = await createScratchStorage();
    database = await openDatabase(scratch.storage);
  });
  afterAll(async () => {
    await database?.close();
    await scratch?.remove();
  });

  it("resets the demo on an existing database (migrations' functions included), twice in a row", async () => {
    await database.migrate();
    await database.db.insert(companies).values({ name: "Left over" });
    for (let run = 0; run < 2; run += 1) {
      await resetDemo(database, { passwordCost: 10 });
      const [userCount] = await database.db.select({ n: count() }).from(users);
      expect(userCount?.n).toBe(DEMO_USERS.length);
      const leftOver = await database.db
        .select()
        .from(companies)
        .where(eq(companies.name, "Left over"));
      expect(leftOver).toEqual([]);
      const pages = await database.db.select({ token: checkInPages.token }).from(checkInPages);
      expect(pages.map((page) => page.token)).toContain("demo-yardline-gate");
    }
  }, 120_000);
});
