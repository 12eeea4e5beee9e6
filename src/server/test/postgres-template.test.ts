import { eq } from "drizzle-orm";
import pg from "pg";
import { describe, expect, test } from "vitest";
import { DEMO_USERS } from "../db/demo-data";
import { users } from "../db/schema/users";
import { createTestApp } from "./harness";
import { seededPostgresTemplate } from "./postgres-template";

const url = process.env.DATABASE_URL;

async function databasesNamed(pattern: string): Promise<string[]> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1",
      [pattern],
    );
    return rows.map((row) => row.datname);
  } finally {
    await client.end();
  }
}

describe.skipIf(!url)("the seeded PostgreSQL template", () => {
  test("concurrent callers get one template, and no half-built copy is left", async () => {
    const names = await Promise.all([1, 2, 3].map(() => seededPostgresTemplate(url ?? "", 10)));
    expect(new Set(names).size).toBe(1);
    const [name] = names;
    expect(await databasesNamed(`${name}%`)).toEqual([name]);
  });

  test("each app gets its own copy holding the demo seed, dropped on close", async () => {
    const first = await createTestApp();
    const second = await createTestApp();
    const [username] = DEMO_USERS.map((user) => user.username);
    try {
      expect(first.config.databaseUrl).not.toBe(second.config.databaseUrl);
      expect(await first.app.db.$count(users)).toBe(DEMO_USERS.length);
      await first.login(username ?? "");
      // A change in one copy stays out of the other (and out of the template).
      await first.app.db
        .update(users)
        .set({ firstName: "Changed" })
        .where(eq(users.username, username ?? ""));
      const [other] = await second.app.db
        .select({ firstName: users.firstName })
        .from(users)
        .where(eq(users.username, username ?? ""));
      expect(other?.firstName).toBe(DEMO_USERS[0]?.firstName);
    } finally {
      await first.close();
      await second.close();
    }
    const name = new URL(first.config.databaseUrl ?? "").pathname.slice(1);
    expect(await databasesNamed(name)).toEqual([]);
  });
});
