import { and, eq, gte, isNull, lt, sql } from "drizzle-orm";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changeWindow } from "../../../../shared/change-window";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { type Changes, Changes as ChangesSchema } from "../../../../shared/contract/changes";
import { STATUSES } from "../../../../shared/contract/status";
import { PLAIN, TRW } from "../../../db/demo-data";
import { reasons, shipments, statuses } from "../../../db/schema/shipments";
import { shippers } from "../../../db/schema/shippers";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";

let t: TestApp;
let plain: number;
let trw: number;
let office: Caller;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  office = await callerFor(t, "office", plain);
});
afterAll(async () => {
  await t?.close();
});

async function pull(caller: Caller, since?: string, limit?: number): Promise<Changes> {
  const query = new URLSearchParams();
  if (since !== undefined) query.set("since", since);
  if (limit !== undefined) query.set("limit", String(limit));
  const response = await caller("GET", `/api/changes?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  // Sent as built, unchecked (index.ts): every answer must be exactly the contract's shape.
  return inContract(ChangesSchema, response.json());
}

interface Drained {
  cursor: string;
  pages: number;
  shippers: Map<number, number>;
  shipments: Map<number, number>;
  deletedShippers: Set<number>;
  deletedShipments: Set<number>;
}

/** Pulls until `more` is false; rows by id with their version, deletions as sets. */
async function drain(caller: Caller, since?: string, limit?: number): Promise<Drained> {
  const out: Drained = {
    cursor: since ?? "",
    pages: 0,
    shippers: new Map(),
    shipments: new Map(),
    deletedShippers: new Set(),
    deletedShipments: new Set(),
  };
  let cursor = since;
  for (;;) {
    const page = await pull(caller, cursor, limit);
    out.pages += 1;
    for (const row of page.shippers) out.shippers.set(row.id, row.version);
    for (const row of page.shipments) out.shipments.set(row.id, row.version);
    for (const id of page.deleted.shippers) out.deletedShippers.add(id);
    for (const id of page.deleted.shipments) out.deletedShipments.add(id);
    cursor = page.cursor;
    if (!page.more) break;
    expect(out.pages).toBeLessThan(1000);
  }
  out.cursor = cursor ?? "";
  return out;
}

async function liveInWindow(companyId: number): Promise<number[]> {
  const window = changeWindow();
  const rows = await t.app.db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        eq(shipments.companyId, companyId),
        isNull(shipments.deletedAt),
        gte(shipments.bookedDate, new Date(window.from)),
        lt(shipments.bookedDate, new Date(window.until)),
      ),
    );
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

async function trucksOf(companyId: number): Promise<number[]> {
  const rows = await t.app.db
    .select({ id: shippers.id })
    .from(shippers)
    .where(eq(shippers.companyId, companyId));
  return rows.map((row) => row.id).sort((a, b) => a - b);
}

const sorted = (ids: Iterable<number>) => [...ids].sort((a, b) => a - b);
const soon = () => new Date(Date.now() + 3_600_000);

describe("full run (no cursor)", () => {
  it("lists every truck of the company and every live shipment of the working window", async () => {
    const first = await pull(office);
    expect(first.full).toBe(true);
    expect(first.window).toEqual({
      from: new Date(changeWindow().from).toISOString(),
      until: new Date(changeWindow().until).toISOString(),
    });
    const all = await drain(office);
    expect(sorted(all.shippers.keys())).toEqual(await trucksOf(plain));
    expect(sorted(all.shipments.keys())).toEqual(await liveInWindow(plain));
    expect(all.shipments.size).toBeGreaterThan(0);
    expect(all.cursor).toMatch(/^c\.\d+$/);
  });

  it("pages with `more`, and paging loses and repeats nothing", async () => {
    const whole = await drain(office);
    const paged = await drain(office, undefined, 7);
    expect(paged.pages).toBeGreaterThan(2);
    expect(sorted(paged.shippers.keys())).toEqual(sorted(whole.shippers.keys()));
    expect(sorted(paged.shipments.keys())).toEqual(sorted(whole.shipments.keys()));
    const firstPage = await pull(office, undefined, 7);
    expect(firstPage.more).toBe(true);
    expect(firstPage.cursor).toMatch(/^f\./);
    expect(firstPage.shippers.length + firstPage.shipments.length).toBe(7);
  });

  it("pages across lines booked at the same instant, to the microsecond, each once", async () => {
    const ids = [];
    for (let i = 0; i < 3; i++) {
      ids.push(await insertLine(t.app.db, plain, SHIPMENT_TYPE.reception, { bookedDate: soon() }));
    }
    const instant = new Date(Math.floor(Date.now() / 60_000) * 60_000 + 7_200_000);
    const booked = `${instant.toISOString().slice(0, 19)}.123456Z`;
    await t.app.db.execute(
      sql`update shipments set booked_date = ${booked}::timestamptz where id in (${sql.join(ids, sql`, `)})`,
    );
    const listed = new Map<number, number>();
    const cursors: string[] = [];
    let page = await pull(office, undefined, 2);
    for (;;) {
      for (const row of page.shipments) listed.set(row.id, (listed.get(row.id) ?? 0) + 1);
      if (!page.more) break;
      cursors.push(page.cursor);
      page = await pull(office, page.cursor, 2);
    }
    expect(ids.map((id) => listed.get(id))).toEqual([1, 1, 1]);
    expect([...listed.values()].every((times) => times === 1)).toBe(true);
    expect(sorted(listed.keys())).toEqual(await liveInWindow(plain));
    expect(cursors).toContainEqual(expect.stringContaining(`.${booked}.`));
  });

  it("still hands out the rows changed while the run pages, listed already or not yet", async () => {
    // Trucks come first: page on until a page with lines that is not the last.
    let page = await pull(office, undefined, 5);
    while (page.shipments.length === 0 && page.more) page = await pull(office, page.cursor, 5);
    expect(page.more).toBe(true);
    const listed = page.shipments[0];
    expect(listed).toBeDefined();
    const ahead = (await liveInWindow(plain)).find(
      (id) => !page.shipments.some((row) => row.id === id) && id !== listed?.id,
    );
    const patch = async (id: number) => {
      const read = await office("GET", `/api/shipment/${id}`);
      expect(read.statusCode, read.body).toBe(200);
      const line = read.json<{ type: number; status: { id: number } }>();
      const path = line.type === SHIPMENT_TYPE.expedition ? "expedition" : "reception";
      const status = STATUSES.find((each) => each.type === line.type && each.id !== line.status.id);
      const patched = await office("PATCH", `/api/${path}/${id}`, { status: status?.id });
      expect(patched.statusCode, patched.body).toBe(200);
      return patched.json<{ version: number }>().version;
    };
    const listedVersion = await patch(listed?.id ?? 0);
    const aheadVersion = await patch(ahead ?? 0);
    const rest = await drain(office, page.cursor, 50);
    const after = await drain(office, rest.cursor);
    const last = (id: number) => after.shipments.get(id) ?? rest.shipments.get(id);
    expect(last(listed?.id ?? 0)).toBe(listedVersion);
    expect(last(ahead ?? 0)).toBe(aheadVersion);
  });
});

describe("changes after a cursor", () => {
  it("is empty when nothing changed, and the cursor does not move back", async () => {
    const start = await drain(office);
    const again = await pull(office, start.cursor);
    expect(again).toMatchObject({ more: false, full: false, shippers: [], shipments: [] });
    expect(again.deleted).toEqual({ shippers: [], shipments: [] });
    expect(BigInt(again.cursor.split(".")[1] ?? "0")).toBeGreaterThanOrEqual(
      BigInt(start.cursor.split(".")[1] ?? "0"),
    );
  });

  it("hands out a patched shipment and a created, replaced and patched truck", async () => {
    const { cursor } = await drain(office);
    const line = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      bookedDate: soon(),
    });
    const patched = await office("PATCH", `/api/expedition/${line}`, { status: 10 });
    expect(patched.statusCode, patched.body).toBe(200);
    const truck = await office.create({ plate: uniquePlate("chg"), name: "FEED TRUCK" });
    const put = await office("PUT", `/api/shipper/${truck.id}`, {
      plate: truck.plate,
      name: "FEED TRUCK 2",
    });
    expect(put.statusCode, put.body).toBe(200);
    const changes = await drain(office, cursor);
    expect(changes.shipments.get(line)).toBe(patched.json<{ version: number }>().version);
    expect(changes.shippers.get(truck.id)).toBe(put.json<{ version: number }>().version);
    expect(changes.deletedShippers.size + changes.deletedShipments.size).toBe(0);
  });

  it("hands out a line exactly as the line's own read answers it", async () => {
    const { cursor } = await drain(office);
    const truck = await office.create({ plate: uniquePlate("shp"), name: "SHAPE TRUCK" });
    const booked = soon();
    const [reason] = await t.app.db
      .select({ id: reasons.id, statusId: reasons.statusId })
      .from(reasons)
      .innerJoin(statuses, eq(statuses.id, reasons.statusId))
      .where(eq(statuses.type, SHIPMENT_TYPE.expedition))
      .limit(1);
    const line = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      statusId: reason?.statusId,
      reasonId: reason?.id,
      bookedDate: booked,
      arrivalDate: new Date(booked.getTime() + 20 * 60_000),
      actionDate: new Date(booked.getTime() + 90 * 60_000),
      clientId: await clientId(t.app.db, plain, "ACME FOODS"),
      shipperId: truck.id,
      weight: 1234.5,
    });
    let found: Changes["shipments"][number] | undefined;
    for (let since = cursor; ; ) {
      const page = await pull(office, since);
      found ??= page.shipments.find((row) => row.id === line);
      since = page.cursor;
      if (!page.more) break;
    }
    const read = await office("GET", `/api/shipment/${line}`);
    expect(read.statusCode, read.body).toBe(200);
    expect(found).toEqual(read.json());
    expect(found?.shipper?.plate).toBe(truck.plate);
    expect(found?.client?.description).toBe("ACME FOODS");
    expect(found?.reason?.code).toBeTruthy();
  });

  it("reports deleted trucks and shipments (tombstones), whatever the shipment's date", async () => {
    const truck = await office.create({ plate: uniquePlate("del"), name: "SHORT LIVED" });
    const near = await insertLine(t.app.db, plain, SHIPMENT_TYPE.reception, { bookedDate: soon() });
    const far = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition);
    const { cursor } = await drain(office);
    for (const url of [
      `/api/shipper/${truck.id}`,
      `/api/reception/${near}`,
      `/api/expedition/${far}`,
    ]) {
      const response = await office("DELETE", url);
      expect(response.statusCode, response.body).toBe(204);
    }
    const changes = await drain(office, cursor);
    expect([...changes.deletedShippers]).toEqual([truck.id]);
    expect(sorted(changes.deletedShipments)).toEqual(sorted([near, far]));
    expect(changes.shippers.has(truck.id)).toBe(false);
    // A full run lists no deletions.
    const full = await drain(office);
    expect(full.deletedShippers.size + full.deletedShipments.size).toBe(0);
    expect(full.shippers.has(truck.id)).toBe(false);
  });

  it("leaves out live shipments outside the working window", async () => {
    const { cursor } = await drain(office);
    const far = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition);
    const near = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      bookedDate: soon(),
    });
    const changes = await drain(office, cursor);
    expect(changes.shipments.has(near)).toBe(true);
    expect(changes.shipments.has(far)).toBe(false);
  });
});

describe("scope", () => {
  it("never shows another company's changes", async () => {
    const { cursor } = await drain(office);
    const trwOffice = await callerFor(t, "office", trw);
    const theirs = await trwOffice.create({ plate: uniquePlate("iso"), name: "OTHER COMPANY" });
    await insertLine(t.app.db, trw, SHIPMENT_TYPE.expedition, { bookedDate: soon() });
    const changes = await drain(office, cursor);
    expect(changes.shippers.size + changes.shipments.size).toBe(0);
    const trwChanges = await drain(trwOffice);
    expect(trwChanges.shippers.has(theirs.id)).toBe(true);
  });

  it("gives a client-limited user only their clients' lines, trucks all", async () => {
    const client = await callerFor(t, "client", plain);
    const acme = await clientId(t.app.db, plain, "ACME FOODS");
    const iberia = await clientId(t.app.db, plain, "IBERIA PHARMA");
    const { cursor } = await drain(client);
    const mine = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      bookedDate: soon(),
      clientId: acme,
    });
    const other = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      bookedDate: soon(),
      clientId: iberia,
    });
    const truck = await office.create({ plate: uniquePlate("cli"), name: "FOR EVERYONE" });
    const changes = await drain(client, cursor);
    expect([...changes.shipments.keys()]).toEqual([mine]);
    expect(changes.shippers.has(truck.id)).toBe(true);
    for (const id of [mine, other]) {
      expect((await office("DELETE", `/api/expedition/${id}`)).statusCode).toBe(204);
    }
    const deletions = await drain(client, changes.cursor);
    expect([...deletions.deletedShipments]).toEqual([mine]);

    const full = await drain(client);
    const rows = await t.app.db
      .select({ id: shipments.id, clientId: shipments.clientId })
      .from(shipments)
      .where(eq(shipments.companyId, plain));
    const clientOf = new Map(rows.map((row) => [row.id, row.clientId]));
    const iberiaLines = [...full.shipments.keys()].filter((id) => clientOf.get(id) === iberia);
    expect(iberiaLines).toEqual([]);
    expect(full.shipments.size).toBeGreaterThan(0);
  });

  it("gives shipments only of the types the user may see", async () => {
    const guard = await callerFor(t, "guard", plain);
    const guardFull = await drain(guard);
    expect(guardFull.shipments.size).toBe(0);
    expect(guardFull.shippers.size).toBeGreaterThan(0);

    const provider = await callerFor(t, "provider", plain);
    const { cursor } = await drain(provider);
    const expedition = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
      bookedDate: soon(),
    });
    const reception = await insertLine(t.app.db, plain, SHIPMENT_TYPE.reception, {
      bookedDate: soon(),
    });
    // provider sees receptions only (seeExpeditions is prohibited).
    const changes = await drain(provider, cursor);
    expect([...changes.shipments.keys()]).toEqual([reception]);
    expect(changes.shipments.has(expedition)).toBe(false);
  });
});

describe("client mistakes", () => {
  it.each([
    "nonsense",
    "c.",
    "c.12.truck.3",
    "f.12",
    "f.12.5.shipper.3",
    "f.12.shipment.1.2026-02-30T06:00:00.000000Z.3",
    "c.99999999999999999999",
    "c.1.shipment.99999999999",
  ])("answers 400 with fields.since for cursor %s", async (since) => {
    const response = await office("GET", `/api/changes?since=${encodeURIComponent(since)}`);
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_error",
      fields: { since: [expect.any(String)] },
    });
  });

  it("answers 400 for a limit out of range and 401 without a token", async () => {
    expect((await office("GET", "/api/changes?limit=0")).statusCode).toBe(400);
    expect((await office("GET", "/api/changes?limit=100000")).statusCode).toBe(400);
    const anonymous = await t.app.inject({ method: "GET", url: "/api/changes" });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe.skipIf(!process.env.DATABASE_URL)(
  "transactions committing out of order (PostgreSQL)",
  () => {
    it("never skips a change committed after a newer one was handed out", async () => {
      const [first, second] = await Promise.all([
        office.create({ plate: uniquePlate("ooo"), name: "SLOW WRITER" }),
        office.create({ plate: uniquePlate("ooo"), name: "FAST WRITER" }),
      ]);
      const { cursor } = await drain(office);
      const slow = new pg.Client({ connectionString: t.config.databaseUrl });
      const fast = new pg.Client({ connectionString: t.config.databaseUrl });
      await Promise.all([slow.connect(), fast.connect()]);
      try {
        // The slow transaction takes the lower transaction id, then commits last.
        await slow.query("begin");
        await slow.query(
          "update shippers set name = 'SLOW 2', version = version + 1 where id = $1",
          [first?.id],
        );
        await fast.query("begin");
        await fast.query(
          "update shippers set name = 'FAST 2', version = version + 1 where id = $1",
          [second?.id],
        );
        await fast.query("commit");

        const during = await drain(office, cursor);
        // The fast change waits behind the running slow one rather than moving the cursor past it.
        expect(during.shippers.has(first?.id ?? 0)).toBe(false);
        await slow.query("commit");

        const after = await drain(office, during.cursor);
        expect(after.shippers.has(first?.id ?? 0)).toBe(true);
        const seen = new Set([...during.shippers.keys(), ...after.shippers.keys()]);
        expect(seen.has(second?.id ?? 0)).toBe(true);
      } finally {
        await Promise.all([slow.end(), fast.end()]);
      }
    });

    it("is not held back by a transaction running in another database of the server", async () => {
      const { cursor } = await drain(office);
      // DATABASE_URL names the server's base database; the test app has a scratch one.
      const elsewhere = new pg.Client({ connectionString: process.env.DATABASE_URL });
      await elsewhere.connect();
      try {
        await elsewhere.query("begin");
        await elsewhere.query("select pg_current_xact_id()");
        const truck = await office.create({ plate: uniquePlate("oth"), name: "OTHER DATABASE" });
        const changes = await drain(office, cursor);
        expect(changes.shippers.get(truck.id)).toBe(truck.version);
      } finally {
        await elsewhere.query("rollback").catch(() => undefined);
        await elsewhere.end();
      }
    });
  },
);
