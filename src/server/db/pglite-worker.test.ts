import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, buildApp } from "../app";
import { testConfig } from "../test/harness";
import { blankClusterDump } from "../test/pglite-blank-cluster";
import { seededPgliteTemplate } from "../test/pglite-template";
import type { Database } from "./database";
import { DEMO_PASSWORD, PLAIN } from "./demo-data";
import { isUniqueViolation } from "./errors";
import { openPglite } from "./pglite";
import { readerFor } from "./pglite-answer";
import { createStatementRunner } from "./pglite-statements";
import { isRawAnswer } from "./pglite-wire";
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

  it("parses an answer with parameters on this thread as PGlite would there: arrays, json, numbers, dates as text", async () => {
    const answer = await database.db.execute(
      sql`select ${"{3,1,2}"}::int[] as ids, ${"{a,b}"}::text[] as words,
        json_build_object('n', ${7}::int) as object, ${"12.50"}::numeric as amount,
        ${true}::boolean as yes, null::int as none, ${"2026-11-28T10:00:00Z"}::timestamptz as at,
        ${5}::bigint as big`,
    );
    expect(rowsOf(answer)).toEqual([
      {
        ids: [3, 1, 2],
        words: ["a", "b"],
        object: { n: 7 },
        amount: "12.50",
        yes: true,
        none: null,
        // Drizzle reads timestamps as PostgreSQL's text and makes its own Dates.
        at: "2026-11-28 10:00:00+00",
        big: 5,
      },
    ]);
  });

  it("hands on a NOTIFY made by a statement with parameters, and still throws its error", async () => {
    const payloads: string[] = [];
    const unlisten = await database.listen("pglite_worker_raw", {
      onPayload: (payload) => payloads.push(payload),
      onGap: () => undefined,
    });
    try {
      await database.db.execute(sql`select pg_notify('pglite_worker_raw', ${"with a parameter"})`);
      await expect.poll(() => payloads).toEqual(["with a parameter"]);
      const failed = await database.db.execute(sql`select ${1}::int / 0 as never`).then(
        () => undefined,
        (error: unknown) => error,
      );
      expect(failed).toBeInstanceOf(Error);
      expect(JSON.stringify(failed) + String((failed as Error).cause ?? "")).toMatch(
        /22012|division by zero/,
      );
    } finally {
      await unlisten();
    }
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

  it("refuses a deactivated user's very next request (the kept auth context is forgotten at commit)", async () => {
    const headers = { authorization: `Bearer ${await token()}` };
    const me = async () => (await app.inject({ url: "/api/user/auth", headers })).statusCode;
    const setActive = (active: boolean) =>
      sql`update users set is_active = ${active} where username = 'admin'`;
    expect(await me()).toBe(200);
    expect(app.authContexts.size()).toBeGreaterThan(0);
    // A statement with parameters: its NOTIFY is read in the worker, ahead of the answer.
    await database.db.execute(setActive(false));
    expect(await me()).toBe(401);
    await database.db.execute(setActive(true));
    expect(await me()).toBe(200);
    // In a transaction: heard at its COMMIT.
    await database.db.transaction(async (tx) => {
      await tx.execute(setActive(false));
    });
    try {
      expect(await me()).toBe(401);
    } finally {
      await database.db.execute(setActive(true));
    }
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
    const pg = await PGlite.create("memory://", { loadDataDir: await blankClusterDump() });
    try {
      const runner = createStatementRunner(pg);
      const text = "select $1::int + 1 as n";
      // Answers with parameters come as protocol bytes, parsed by the caller (pglite-wire.ts).
      const rows = async (value: number) => {
        const answer = await runner.query(text, [value], {});
        if (!isRawAnswer(answer)) throw new Error("expected the answer's bytes");
        return readerFor(pg.parsers)(answer.raw, {}).rows;
      };
      const answers = [];
      for (const value of [1, 2, 3]) answers.push(await rows(value));
      expect(answers).toEqual([[{ n: 2 }], [{ n: 3 }], [{ n: 4 }]]);
      expect(runner.size()).toBe(1);
      await expect(runner.query("select $1::int from nowhere", [1], {})).rejects.toMatchObject({
        code: "42P01",
      });
      expect(runner.size()).toBe(1);
      expect(await rows(9)).toEqual([{ n: 10 }]);
    } finally {
      await pg.close();
    }
  });
});
