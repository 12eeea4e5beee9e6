import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeWindow } from "../../shared/change-window";
import type { Changes } from "../../shared/contract/changes";
import type { Expedition, Shipment } from "../../shared/contract/shipments";
import { Shipper } from "../../shared/contract/trucks";
import { ApiError } from "../lib/errors";
import { setApiBase } from "../lib/http";
import { writeStored } from "../lib/storage";
import { expeditionRow } from "../test-rows";
import { mockApi, type RecordedRequest } from "../test-utils";
import { cursorKey, pullChanges } from "./change-feed";
import { db, type OutboxRow } from "./db";

const COMPANY = 7;
const HOUR = 3_600_000;
const window = changeWindow();
const WINDOW = {
  from: new Date(window.from).toISOString(),
  until: new Date(window.until).toISOString(),
};
const inWindow = (hours: number) => new Date(Date.now() + hours * HOUR).toISOString();

function truck(id: number, version = 1): Shipper {
  // Parsed, so the fixture follows the contract whatever fields it gains.
  return Shipper.parse({
    id,
    uid: `00000000-0000-4000-8000-${String(Math.abs(id)).padStart(12, "0")}`,
    company: COMPANY,
    plate: `${id}BCD`,
    name: `TRUCK ${id}`,
    capacity_load: null,
    phone: null,
    country_code: null,
    register_date: null,
    expedition_date: null,
    version,
  });
}

function line(id: number, overrides: Partial<Expedition> = {}): Shipment {
  return expeditionRow(id, { company: COMPANY, booked_date: inWindow(id), ...overrides });
}

function page(overrides: Partial<Changes>): Changes {
  return {
    cursor: "c.100",
    more: false,
    full: false,
    window: WINDOW,
    shippers: [],
    shipments: [],
    deleted: { shippers: [], shipments: [] },
    ...overrides,
  };
}

interface Feed {
  requests: RecordedRequest[];
  /** The `since` of each request (null: none). */
  sinces: (string | null)[];
}

/** A feed that answers `pages` in order, then empty change pages. */
function feed(pages: Changes[]): Feed {
  const queue = [...pages];
  const requests = mockApi({
    "GET /api/changes": () => ({ body: queue.shift() ?? page({}) }),
  });
  const sinces: (string | null)[] = [];
  const answer = globalThis.fetch;
  vi.stubGlobal("fetch", (input: Request | string | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    sinces.push(url.searchParams.get("since"));
    return answer(input, init);
  });
  return { requests, sinces };
}

function outboxEntry(entity: "shipment" | "shipper", id: number): OutboxRow {
  return {
    mutationId: `m-${entity}-${id}`,
    entity,
    entityId: id,
    entityKey: `${entity}:${id}`,
    op: "update",
    method: "PATCH",
    path: `api/${entity === "shipment" ? "expedition" : "shipper"}/${id}`,
    body: { status: 10 },
    changes: {},
    previous: {},
    baseVersion: 1,
    summary: { label: String(id), field: "status", from: null, to: null },
    userId: 1,
    username: "admin",
    company: String(COMPANY),
    createdAt: Date.now(),
    attempts: 0,
  };
}

beforeEach(async () => {
  setApiBase("http://localhost/");
  writeStored("jwt", "a.b.c");
  await Promise.all([
    db.trucks.clear(),
    db.shipments.clear(),
    db.meta.clear(),
    db.outbox.clear(),
    db.listPages.clear(),
  ]);
});
afterEach(() => {
  vi.unstubAllGlobals();
});
afterAll(() => db.close());

describe("pullChanges", () => {
  it("runs a full run page by page, then continues with changes and stores the cursor", async () => {
    const recorded = feed([
      page({ full: true, more: true, cursor: "f.50.shipper.2", shipments: [line(1), line(2)] }),
      page({ full: true, more: false, cursor: "c.50", shippers: [truck(5), truck(6)] }),
      page({ cursor: "c.60", shipments: [line(3)] }),
    ]);
    const result = await pullChanges(COMPANY);
    expect(result).toMatchObject({ pages: 3, changes: 5, full: true });
    expect(recorded.sinces).toEqual([null, "f.50.shipper.2", "c.50"]);
    expect(recorded.requests[0]?.headers.get("company")).toBe(String(COMPANY));
    expect(recorded.requests[0]?.headers.get("authorization")).toBe("Bearer a.b.c");
    expect((await db.shipments.toArray()).map((row) => row.id)).toEqual([1, 2, 3]);
    expect((await db.trucks.toArray()).map((row) => row.id)).toEqual([5, 6]);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toEqual({
      cursor: "c.60",
      windowFrom: WINDOW.from,
    });
  });

  it("asks from the stored cursor and removes what was deleted", async () => {
    await db.meta.put({
      key: cursorKey(COMPANY),
      value: { cursor: "c.70", windowFrom: WINDOW.from },
    });
    await db.trucks.bulkPut([truck(5), truck(6)]);
    const [one, two] = [line(1), line(2)];
    await db.shipments.bulkPut([one, two]);
    const changed = { ...two, version: 2, route_plate: "NEW" };
    const recorded = feed([
      page({
        cursor: "c.80",
        shipments: [changed],
        deleted: { shippers: [6], shipments: [1, 999] },
      }),
    ]);
    const result = await pullChanges(COMPANY);
    expect(recorded.sinces).toEqual(["c.70"]);
    expect((await db.trucks.toArray()).map((row) => row.id)).toEqual([5]);
    expect(await db.shipments.toArray()).toEqual([changed]);
    // What open lists judge from (list-refresh.ts): each row as it was mirrored and as it is.
    expect(result.full).toBe(false);
    expect(result.report.shipments).toEqual([
      { id: 2, before: two, after: changed },
      { id: 1, before: one },
      { id: 999 },
    ]);
    expect(result.report.shippers).toEqual([{ id: 6, before: truck(6) }]);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toMatchObject({ cursor: "c.80" });
  });

  it("never overwrites nor deletes a row with a queued change, nor goes back a version", async () => {
    await db.meta.put({
      key: cursorKey(COMPANY),
      value: { cursor: "c.1", windowFrom: WINDOW.from },
    });
    const optimistic = line(1, {
      version: 3,
      status: { id: 10, description: "ready", color: "#2196f3" },
    });
    await db.shipments.bulkPut([optimistic, line(2, { version: 5 }), line(3)]);
    await db.trucks.put(truck(8));
    await db.outbox.bulkAdd([outboxEntry("shipment", 1), outboxEntry("shipper", 8)]);
    feed([
      page({
        shipments: [line(1, { version: 4 }), line(2, { version: 4 }), line(3, { version: 2 })],
        deleted: { shippers: [8], shipments: [] },
      }),
    ]);
    await pullChanges(COMPANY);
    expect(await db.shipments.get(1)).toEqual(optimistic);
    expect((await db.shipments.get(2))?.version).toBe(5);
    expect((await db.shipments.get(3))?.version).toBe(2);
    expect(await db.trucks.get(8)).toBeDefined();
  });

  it("sweeps after a complete full run: unlisted window rows and trucks go, shown pages stay", async () => {
    const far = "2031-01-01T08:00:00.000Z";
    await db.shipments.bulkPut([
      line(1),
      line(2),
      line(3, { booked_date: far }),
      line(4, { booked_date: far }),
      line(5, { company: 99 }),
    ]);
    // -3: a truck signed up on this device, waiting for the server.
    await db.trucks.bulkPut([truck(7), truck(8), truck(-3)]);
    await db.listPages.put({
      key: "page",
      company: COMPANY,
      resource: "expedition",
      ids: [3],
      count: 1,
      fetchedAt: Date.now(),
    });
    await db.outbox.add(outboxEntry("shipment", 2));
    feed([page({ full: true, cursor: "c.9", shipments: [line(1)], shippers: [truck(7)] })]);
    await pullChanges(COMPANY);
    // 2 has a queued change, 3 is on a list page, 5 is another company's.
    expect((await db.shipments.toArray()).map((row) => row.id)).toEqual([1, 2, 3, 5]);
    expect((await db.trucks.toArray()).map((row) => row.id)).toEqual([-3, 7]);
  });

  it("does not sweep when it resumes a full run another pull started", async () => {
    await db.meta.put({
      key: cursorKey(COMPANY),
      value: { cursor: "f.9.shipper.3", windowFrom: WINDOW.from },
    });
    await db.shipments.bulkPut([line(1), line(2)]);
    feed([page({ full: true, cursor: "c.9", shipments: [line(2)] })]);
    await pullChanges(COMPANY);
    expect((await db.shipments.toArray()).map((row) => row.id)).toEqual([1, 2]);
  });

  it("starts a full run again once the server's window moved (a new day)", async () => {
    await db.meta.put({
      key: cursorKey(COMPANY),
      value: { cursor: "c.10", windowFrom: "2020-01-01T00:00:00.000Z" },
    });
    const recorded = feed([
      page({ cursor: "c.11" }),
      page({ full: true, cursor: "c.12", shipments: [line(1)] }),
      page({ cursor: "c.12" }),
    ]);
    await pullChanges(COMPANY);
    expect(recorded.sinces).toEqual(["c.10", null, "c.12"]);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toEqual({
      cursor: "c.12",
      windowFrom: WINDOW.from,
    });
  });

  it("forgets a cursor the server refuses, so the next pull starts over", async () => {
    await db.meta.put({
      key: cursorKey(COMPANY),
      value: { cursor: "c.x", windowFrom: WINDOW.from },
    });
    mockApi({
      "GET /api/changes": () => ({
        status: 400,
        body: { code: "validation_error", message: "bad", fields: { since: ["bad"] } },
      }),
    });
    await expect(pullChanges(COMPANY)).rejects.toBeInstanceOf(ApiError);
    expect(await db.meta.get(cursorKey(COMPANY))).toBeUndefined();
  });

  it("keeps the cursor and the rows when a page fails halfway", async () => {
    let calls = 0;
    mockApi({
      "GET /api/changes": () => {
        calls += 1;
        if (calls === 1) {
          return {
            body: page({
              full: true,
              more: true,
              cursor: "f.5.shipper.1",
              shipments: [line(1)],
            }),
          };
        }
        return { status: 503, body: { code: "service_unavailable", message: "later" } };
      },
    });
    await expect(pullChanges(COMPANY)).rejects.toBeInstanceOf(ApiError);
    expect(await db.shipments.count()).toBe(1);
    expect((await db.meta.get(cursorKey(COMPANY)))?.value).toMatchObject({
      cursor: "f.5.shipper.1",
    });
  });
});
