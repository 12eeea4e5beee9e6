import { count, eq } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { createScratchStorage, type ScratchStorage } from "../test/harness";
import { DEMO_USERS } from "./demo-data";
import { openDatabase } from "./open-database";
import { checkInPages } from "./schema/check-ins";
import { companies } from "./schema/companies";
import { users } from "./schema/users";
import { resetDemo } from "./seed";

/** `npm run seed` on a database that already holds a migrated, seeded, changed Yardline. */
describe("resetDemo (npm run seed)", () => {
  let scratch: ScratchStorage | undefined;
  afterEach(async () => {
    await scratch?.remove();
    scratch = undefined;
  });

  it("resets the demo on an existing database (migrations' functions included), twice in a row", async () => {
    scratch = await createScratchStorage();
    const options = { passwordCost: 10 };
    const open = () => openDatabase(scratch?.storage ?? { dataDir: "memory://" });
    const first = await open();
    try {
      await first.migrate();
      await first.db.insert(companies).values({ name: "Left over" });
    } finally {
      await first.close();
    }
    // A new process on the same database, as `npm run seed` is run again.
    for (let run = 0; run < 2; run += 1) {
      const database = await open();
      try {
        await resetDemo(database, options);
        const [userCount] = await database.db.select({ n: count() }).from(users);
        expect(userCount?.n).toBe(DEMO_USERS.length);
        const leftOver = await database.db
          .select()
          .from(companies)
          .where(eq(companies.name, "Left over"));
        expect(leftOver).toEqual([]);
        const pages = await database.db.select({ token: checkInPages.token }).from(checkInPages);
        expect(pages.map((page) => page.token)).toContain("demo-yardline-gate");
      } finally {
        await database.close();
      }
    }
  }, 60_000);
});
