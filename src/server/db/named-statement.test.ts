import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { executeNamed } from "./named-statement";

/**
 * executeNamed answers as db.execute does, and on PostgreSQL the statement is a named prepared
 * statement of the connection (parsed once there, not at every call).
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;
const statement = (low: number) =>
  sql`select id, name, now() > '2000-01-01'::timestamptz as late, now() as at
    from companies where id >= ${low} order by id`;

describe("executeNamed", () => {
  it("answers as db.execute does, call after call", async () => {
    const plain = rowsOf(await t.app.db.execute(statement(1)));
    expect(plain.length).toBeGreaterThan(1);
    for (let call = 0; call < 3; call++) {
      const named = rowsOf(await executeNamed(t.app.db, statement(1)));
      expect(named.map((row) => ({ ...(row as object), at: undefined }))).toEqual(
        plain.map((row) => ({ ...(row as object), at: undefined })),
      );
      // Timestamps stay Drizzle's text, as db.execute leaves them.
      expect(typeof (named[0] as { at: unknown }).at).toBe("string");
    }
    const fewer = rowsOf(await executeNamed(t.app.db, statement(2)));
    expect(fewer).toHaveLength(plain.length - 1);
  });

  it.skipIf(!process.env.DATABASE_URL)(
    "is a prepared statement of the connection on PostgreSQL",
    async () => {
      const prepared = await t.app.db.transaction(async (tx) => {
        await executeNamed(tx, statement(1));
        return rowsOf(
          await tx.execute(
            sql`select name from pg_prepared_statements where statement like '%from companies where id >=%'`,
          ),
        );
      });
      expect(prepared).toEqual([{ name: expect.stringMatching(/^yl_[0-9a-f]{24}$/) }]);
    },
  );
});
