import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_STATUS, STATUSES } from "../../../../shared/contract/status";
import { type App, buildApp } from "../../../app";
import { PLAIN } from "../../../db/demo-data";
import { shipments } from "../../../db/schema/shipments";
import { shippers } from "../../../db/schema/shippers";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine, truckIds } from "../../../test/shipments";

/**
 * The list's total is kept per scope and filter until a line of the company changes
 * (db/count-cache.ts): it must stay exact after every kind of write, on one instance and across
 * two on one PostgreSQL. Each test books its lines in a month of its own (2034).
 */
let t: TestApp;
let company: number;
let office: Caller;

const EXPEDITION = 1;
const OPEN = DEFAULT_STATUS[EXPEDITION];
const OTHER = STATUSES.find((each) => each.type === EXPEDITION && each.id !== OPEN)?.id ?? 0;

beforeAll(async () => {
  t = await createTestApp();
  company = await t.companyId(PLAIN);
  office = await callerFor(t, "office", company);
});
afterAll(async () => {
  await t?.close();
});

const inMonth = (month: number, day = 1) => new Date(Date.UTC(2034, month - 1, day, 9));
const windowOf = (month: number) => {
  const mm = String(month).padStart(2, "0");
  return `booked_date_after=2034-${mm}-01&booked_date_before=2034-${mm}-28`;
};

async function countOf(caller: Caller, query: string): Promise<number> {
  const response = await caller("GET", `/api/expedition?page_size=1&${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ count: number }>().count;
}

describe("the list's total, kept until the company's lines change", () => {
  it("stays exact after a create, an edit moving a line out of and into the filter, deletes", async () => {
    const month = windowOf(1);
    const open = `${month}&status=${OPEN}`;
    const ids = [];
    for (let day = 1; day <= 3; day += 1) {
      ids.push(await insertLine(t.app.db, company, EXPEDITION, { bookedDate: inMonth(1, day) }));
    }
    const [first, second, third] = ids as [number, number, number];
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([3, 3]);
    // Read again: the kept totals.
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([3, 3]);

    await insertLine(t.app.db, company, EXPEDITION, { bookedDate: inMonth(1, 4) });
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([4, 4]);

    const out = await office("PATCH", `/api/expedition/${first}`, { status: OTHER });
    expect(out.statusCode, out.body).toBe(200);
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([4, 3]);
    const back = await office("PATCH", `/api/expedition/${first}`, { status: OPEN });
    expect(back.statusCode, back.body).toBe(200);
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([4, 4]);

    const removed = await office("DELETE", `/api/expedition/${second}`);
    expect(removed.statusCode, removed.body).toBe(204);
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([3, 3]);
    await t.app.db.delete(shipments).where(eq(shipments.id, third));
    expect([await countOf(office, month), await countOf(office, open)]).toEqual([2, 2]);
  });

  it("follows a truck's plate in a search (the search reads trucks)", async () => {
    const [truck] = await truckIds(t.app.db, company);
    if (truck === undefined) throw new Error("no demo truck");
    const [before] = await t.app.db
      .select({ plate: shippers.plate })
      .from(shippers)
      .where(eq(shippers.id, truck));
    const plate = uniquePlate("CNT");
    await insertLine(t.app.db, company, EXPEDITION, {
      bookedDate: inMonth(2),
      shipperId: truck,
    });
    const search = `${windowOf(2)}&search=${plate}`;
    expect(await countOf(office, search)).toBe(0);
    await t.app.db.update(shippers).set({ plate }).where(eq(shippers.id, truck));
    try {
      expect(await countOf(office, search)).toBe(1);
    } finally {
      await t.app.db
        .update(shippers)
        .set({ plate: before?.plate ?? "" })
        .where(eq(shippers.id, truck));
    }
    expect(await countOf(office, search)).toBe(0);
  });

  it("is reused while the version stands: a write the change log misses is not recounted", async () => {
    // Proves the reuse, with the one write no product path makes: triggers switched off.
    const month = windowOf(3);
    await insertLine(t.app.db, company, EXPEDITION, { bookedDate: inMonth(3) });
    expect(await countOf(office, month)).toBe(1);
    const hidden = await t.app.db.transaction(async (tx) => {
      await tx.execute(sql`set local session_replication_role = replica`);
      return insertLine(tx, company, EXPEDITION, { bookedDate: inMonth(3, 2) });
    });
    try {
      expect(await countOf(office, month)).toBe(1);
    } finally {
      await t.app.db.delete(shipments).where(eq(shipments.id, hidden));
    }
    expect(await countOf(office, month)).toBe(1);
  });
});

/** Instance B on the same database, signed in as the office user (the secret is shared). */
async function secondInstance(): Promise<{ app: App; caller: Caller }> {
  const app = await buildApp({ config: t.config, serveClient: false });
  const { token } = await t.login("office");
  const caller = ((method, url, payload) =>
    app.inject({
      method,
      url,
      ...(payload === undefined ? {} : { payload }),
      headers: t.headers(token, company),
    })) as Caller;
  return { app, caller };
}

describe.skipIf(!process.env.DATABASE_URL)("two instances on one PostgreSQL", () => {
  let b: { app: App; caller: Caller };
  beforeAll(async () => {
    b = await secondInstance();
  });
  afterAll(async () => {
    await b?.app.close();
  });

  /** B inserts a line in a transaction it keeps open until `release()`; `open` is its commit. */
  async function writeOnBHeldOpen(bookedDate: Date) {
    let release = () => {};
    const holding = new Promise<void>((resolve) => {
      release = resolve;
    });
    let written = () => {};
    const wrote = new Promise<void>((resolve) => {
      written = resolve;
    });
    const open = b.app.db.transaction(async (tx) => {
      await insertLine(tx, company, EXPEDITION, { bookedDate });
      written();
      await holding;
    });
    await Promise.race([wrote, open]);
    return { open, release };
  }

  it("counts a change committed on B by a transaction open before A kept its total", async () => {
    const month = windowOf(4);
    await insertLine(t.app.db, company, EXPEDITION, { bookedDate: inMonth(4) });
    expect(await countOf(office, month)).toBe(1);
    const { open, release } = await writeOnBHeldOpen(inMonth(4, 2));
    // A reads while B's write is uncommitted (and counts it on B's commit, below).
    expect(await countOf(office, month)).toBe(1);
    expect(await countOf(office, month)).toBe(1);
    release();
    await open;
    expect(await countOf(office, month)).toBe(2);
    expect(await countOf(b.caller, month)).toBe(2);
  });

  it("counts it too when a later transaction committed first (the older one's stamp is lower)", async () => {
    const month = windowOf(5);
    // B's transaction takes its id first, A's write commits after it with a higher one.
    const { open, release } = await writeOnBHeldOpen(inMonth(5, 2));
    await insertLine(t.app.db, company, EXPEDITION, { bookedDate: inMonth(5) });
    expect(await countOf(office, month)).toBe(1);
    expect(await countOf(b.caller, month)).toBe(1);
    release();
    await open;
    expect(await countOf(office, month)).toBe(2);
    expect(await countOf(b.caller, month)).toBe(2);
  });
});
