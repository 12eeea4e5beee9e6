import { type SQL, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createScratchStorage, type ScratchStorage } from "../test/harness";
import type { Database, Executor } from "./database";
import { openDatabase } from "./open-database";

/**
 * The change-log triggers' notices (migration 0025): on the app's PostgreSQL pool they are
 * sent after commit (db/deferred-notify.ts); any other writer, and PGlite, notifies in the
 * transaction. Either way a listener hears each committed change once, and nothing of a
 * rolled-back one.
 */
const url = process.env.DATABASE_URL;

/** The rows of a raw query (the shared Db type leaves its result untyped). */
async function rowsOf<T>(db: Executor, query: SQL): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}
const settle = () => new Promise((resolve) => setTimeout(resolve, 300));

describe("change notices", () => {
  let storage: ScratchStorage;
  let database: Database;
  let company: number;
  const heard: { company: number; entity: string; ids: number[] | null }[] = [];
  let unlisten: () => Promise<void>;

  beforeAll(async () => {
    storage = await createScratchStorage();
    database = await openDatabase({ ...storage.storage, pgliteThread: "inline" });
    await database.migrate();
    const rows = await rowsOf<{ id: number }>(
      database.db,
      sql`insert into companies (name) values ('Notices') returning id`,
    );
    company = Number(rows[0]?.id);
    unlisten = await database.listen("yardline_changes", {
      onPayload: (payload) => heard.push(JSON.parse(payload)),
    });
  });
  afterAll(async () => {
    await unlisten?.();
    await database?.close();
    await storage?.remove();
  });

  const addTruck = (executor: Executor, plate: string) =>
    rowsOf<{ id: number }>(
      executor,
      sql`insert into shippers (company_id, plate, name) values (${company}, ${plate}, ${plate}) returning id`,
    ).then((rows) => Number(rows[0]?.id));
  const heardOf = (id: number) => heard.filter((each) => each.ids?.includes(id)).length;
  /** Waits (Vitest's own retry) until the listener heard `id` exactly once. */
  const heardOnce = (id: number) =>
    vi.waitFor(() => expect(heardOf(id)).toBe(1), { timeout: 10_000, interval: 20 });

  it("a committed write is heard once, with its company and ids", async () => {
    const id = await addTruck(database.db, "1111AAA");
    await heardOnce(id);
    expect(heard.find((each) => each.ids?.includes(id))).toEqual({
      company,
      entity: "shipper",
      ids: [id],
    });
    await settle();
    expect(heardOf(id)).toBe(1);
  });

  it("a transaction is heard at its commit, not before; a rolled-back one never", async () => {
    let inside = 0;
    const committed = await database.db.transaction(async (tx) => {
      const id = await addTruck(tx, "2222BBB");
      await settle();
      inside = heardOf(id);
      return id;
    });
    expect(inside).toBe(0);
    await heardOnce(committed);

    const before = heard.length;
    await database.db
      .transaction(async (tx) => {
        await addTruck(tx, "3333CCC");
        throw new Error("undo");
      })
      .catch(() => undefined);
    // A statement that fails after the trigger ran, outside a transaction block (one simple
    // query: its implicit transaction rolls back whole).
    await database.db
      .execute(
        sql.raw(
          `insert into shippers (company_id, plate, name) values (${company}, '3333CCD', 'x'); select 1 / 0`,
        ),
      )
      .catch(() => undefined);
    const after = await addTruck(database.db, "4444DDD");
    await heardOnce(after);
    await settle();
    expect(heard.length).toBe(before + 1);
  });

  it("a transaction that recovered from a failed savepoint is heard", async () => {
    const id = await database.db.transaction(async (tx) => {
      const kept = await addTruck(tx, "5555EEE");
      await tx
        .transaction(async (inner) => {
          await inner.execute(sql`select 1 / 0`);
        })
        .catch(() => undefined);
      return kept;
    });
    await heardOnce(id);
  });

  it("a listener of its own commits hears them before the writing statement returns", async () => {
    const own: string[] = [];
    const stop = await database.listen("yardline_changes", {
      onPayload: (payload) => own.push(payload),
      ownCommits: true,
    });
    try {
      const id = await addTruck(database.db, "7777GGG");
      expect(own.some((payload) => JSON.parse(payload).ids?.includes(id))).toBe(true);
      const inTransaction = await database.db.transaction((tx) => addTruck(tx, "7777GGH"));
      expect(own.some((payload) => JSON.parse(payload).ids?.includes(inTransaction))).toBe(true);
    } finally {
      await stop();
    }
  });

  it.skipIf(!url)(
    "on PostgreSQL the app's pool defers the notice; any other writer notifies in the transaction",
    async () => {
      const rows = await rowsOf<{ defer: string }>(
        database.db,
        sql`select current_setting('yardline.defer_notify', true) as defer`,
      );
      expect(rows[0]?.defer).toBe("on");
      const other = new pg.Client({ connectionString: storage.storage.databaseUrl });
      await other.connect();
      try {
        const { rows: inserted } = await other.query<{ id: number }>(
          "insert into shippers (company_id, plate, name) values ($1, '6666FFF', 'psql') returning id",
          [company],
        );
        const id = Number(inserted[0]?.id);
        await heardOnce(id);
      } finally {
        await other.end();
      }
    },
  );
});
