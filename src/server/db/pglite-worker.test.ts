import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { testConfig } from "../test/harness";
import { seededPgliteTemplate } from "../test/pglite-template";
import type { Database } from "./database";
import { DEMO_PASSWORD, PLAIN } from "./demo-data";
import { isUniqueViolation } from "./errors";
import { openPglite } from "./pglite";
import { createStatementRunner } from "./pglite-statements";
import { companies } from "./schema/companies";

/**
 * PGlite in its worker thread, the product's default (`npm start`), on every run of the API
 * suite, PostgreSQL runs included: the API answers through it, PostgreSQL's error fields cross
 * the thread, a transaction has the database to itself, notifications reach this thread, a
 * dump starts another instance and closing keeps a directory's data.
 */
let app: App;
let database: Database;

beforeAll(async () => {
  const config = testConfig();
  database = await openPglite("memory://", {
    thread: "worker",
    loadDataDir: await seededPgliteTemplate(config.passwordHashCost),
  });
  app = await buildApp({ config, database, seed: true, serveClient: false });
});
afterAll(async () => {
  await app?.close();
});

/** db.execute's rows (its type names neither adapter's result). */
const rowsOf = (result: unknown) => (result as { rows: unknown[] }).rows;

async function token(): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/get-token",
    payload: { username: "admin", password: DEMO_PASSWORD },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ token: string }>().token;
}

describe("the API through the worker", () => {
  it("signs in and lists the expedition lines, page after page", async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const first = await app.inject({ url: "/api/expedition?page_size=5", headers });
    expect(first.statusCode, first.body).toBe(200);
    const page = first.json<{ count: number; results: { id: number }[] }>();
    expect(page.count).toBeGreaterThan(5);
    expect(page.results).toHaveLength(5);
    const second = await app.inject({ url: "/api/expedition?page_size=5&page=2", headers });
    const next = second.json<{ count: number; results: { id: number }[] }>();
    expect(next.count).toBe(page.count);
    expect(next.results.map(({ id }) => id)).not.toContain(page.results[0]?.id);
  });
});

describe("the database through the worker", () => {
  it("keeps PostgreSQL's code and constraint on an error, under Drizzle's wrapping", async () => {
    const error = await database.db
      .insert(companies)
      .values({ name: PLAIN })
      .then(
        () => undefined,
        (caught: unknown) => caught,
      );
    expect(error).toBeInstanceOf(Error);
    expect(isUniqueViolation(error, "companies_name_key")).toBe(true);
  });

  it("runs a transaction's statements alone and rolls it back when its work throws", async () => {
    const order: string[] = [];
    let entered: () => void = () => undefined;
    const inside = new Promise<void>((resolve) => {
      entered = resolve;
    });
    const held = database.db
      .transaction(async (tx) => {
        await tx.execute(sql`create temporary table pinned (n int)`);
        entered();
        await new Promise((resolve) => setTimeout(resolve, 50));
        await tx.execute(sql`insert into pinned values (${1})`);
        order.push("transaction");
        throw new Error("undo");
      })
      .catch((error: Error) => error.message);
    await inside;
    const outside = database.db.execute(sql`select 1`).then(() => order.push("outside"));
    expect(await held).toBe("undo");
    await outside;
    expect(order).toEqual(["transaction", "outside"]);
    const left = await database.db.execute(sql`select to_regclass('pg_temp.pinned') as name`);
    expect(rowsOf(left)).toEqual([{ name: null }]);
  });

  it("delivers a NOTIFY to this thread at commit", async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen("pglite_worker_test", {
      onPayload: (payload) => payloads.push(payload),
    });
    await database.db.transaction(async (tx) => {
      await tx.execute(sql`select pg_notify('pglite_worker_test', ${"committed"})`);
      expect(payloads).toEqual([]);
    });
    await expect.poll(() => payloads).toEqual(["committed"]);
    await unlisten();
  });

  it("dumps a cluster another instance starts from", async () => {
    const dump = await database.dump?.();
    expect(dump?.size).toBeGreaterThan(0);
    const copy = await openPglite("memory://", { loadDataDir: dump });
    try {
      const names = await copy.db.select({ name: companies.name }).from(companies);
      expect(names.map(({ name }) => name)).toContain(PLAIN);
    } finally {
      await copy.close();
    }
  });

  it("keeps a directory's data after closing, and refuses work once closed", async () => {
    const dir = mkdtempSync(join(tmpdir(), "yardline-pglite-worker-"));
    try {
      const first = await openPglite(dir);
      await first.db.execute(sql`create table kept (n int)`);
      await first.db.execute(sql`insert into kept values (${7})`);
      await first.close();
      await expect(first.db.execute(sql`select 1`)).rejects.toThrow();
      const again = await openPglite(dir);
      const rows = await again.db.execute(sql`select n from kept`);
      await again.close();
      expect(rowsOf(rows)).toEqual([{ n: 7 }]);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    // Two worker starts and a fresh cluster written to disk (initdb): 30 s ran out while
    // Playwright and the PostgreSQL pass shared the 2 cores (CI).
  }, 120_000);
});

describe("statements prepared once", () => {
  it("parses a text with parameters once and answers each call with its own values", async () => {
    const { PGlite } = await import("@electric-sql/pglite");
    const pg = await PGlite.create("memory://");
    try {
      const runner = createStatementRunner(pg);
      const text = "select $1::int + 1 as n";
      const answers = [];
      for (const value of [1, 2, 3]) answers.push((await runner.query(text, [value], {})).rows);
      expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
      expect(runner.size()).toBe(1);
      await expect(runner.query("select $1::int from nowhere", [1], {})).rejects.toMatchObject({
        code: "42P01",
      });
      expect(runner.size()).toBe(1);
      expect((await runner.query(text, [9], {})).rows).toEqual([{ n: 10 }]);
    } finally {
      await pg.close();
    }
  });
});
