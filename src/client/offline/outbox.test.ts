import "fake-indexeddb/auto";
import Dexie from "dexie";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { SHIPMENT_TYPE } from "../../shared/constants";
import { expeditionRow } from "../test-rows";
import { db, YardlineDb } from "./db";
import {
  type Command,
  enqueue,
  idsWithPendingChanges,
  localId,
  pendingFor,
  withChanges,
} from "./outbox";
import { writeShipmentsPage } from "./shipments-mirror";

const AUTHOR = { userId: 3, username: "forklift", company: "7" };
const LOADED = { id: 3, description: "loaded", color: "#4caf50" };

function statusChange(id: number): Command {
  return {
    entity: "shipment",
    entityId: id,
    op: "update",
    method: "PATCH",
    path: `api/expedition/${id}`,
    body: { status: 3 },
    changes: { status: LOADED, reason: null },
    summary: { label: `DN-${id}`, field: "status", from: "In preparation", to: "Loaded" },
  };
}

beforeEach(async () => {
  await Promise.all([db.shipments.clear(), db.outbox.clear(), db.listPages.clear()]);
});

describe("enqueue", () => {
  it("writes the outbox entry and the optimistic row together", async () => {
    await db.shipments.put(expeditionRow(1, { version: 4 }));
    const mutationId = await enqueue(statusChange(1), AUTHOR, 1_000);
    const [entry] = await db.outbox.toArray();
    expect(entry).toMatchObject({
      mutationId,
      entityKey: "shipment:1",
      baseVersion: 4,
      userId: 3,
      company: "7",
      body: { status: 3 },
      previous: { status: expeditionRow(1).status, reason: null },
      createdAt: 1_000,
      attempts: 0,
    });
    expect(mutationId).toMatch(/^[0-9a-f-]{36}$/);
    const row = await db.shipments.get(1);
    expect(row?.status).toEqual(LOADED);
    expect(row?.version).toBe(4);
  });

  it("keeps the row's server version as base for every queued change of the row", async () => {
    await db.shipments.put(expeditionRow(1, { version: 4 }));
    await enqueue(statusChange(1), AUTHOR);
    await enqueue({ ...statusChange(1), body: { reason: "SHIPPER" } }, AUTHOR);
    const pending = await pendingFor("shipment", 1);
    expect(pending.map((entry) => entry.baseVersion)).toEqual([4, 4]);
    expect(pending[0]?.seq).toBeLessThan(pending[1]?.seq ?? 0);
  });

  it("lays queued changes over a server row in order", () => {
    const row = expeditionRow(1);
    const later = { status: { id: 10, description: "ready", color: "#2196f3" } };
    const result = withChanges(row, [
      { changes: { status: LOADED, reason: null } },
      { changes: later },
    ] as never);
    expect(result.status).toEqual(later.status);
    expect(row.status.id).toBe(998);
  });
});

describe("list answers and queued changes", () => {
  it("a list answer neither overwrites nor removes a row with a queued change", async () => {
    await db.shipments.bulkPut([expeditionRow(1), expeditionRow(2)]);
    await enqueue(statusChange(1), AUTHOR);
    await enqueue(statusChange(2), AUTHOR);
    const stale = expeditionRow(1, { version: 2 });
    // Page 1 lists line 1 with its old status and leaves line 2 out.
    await writeShipmentsPage(7, { type: SHIPMENT_TYPE.expedition, companyCode: null }, {}, 1, 10, {
      count: 1,
      results: [stale],
    });
    expect((await db.shipments.get(1))?.status).toEqual(LOADED);
    expect((await db.shipments.get(2))?.status).toEqual(LOADED);
    expect([...(await idsWithPendingChanges("shipment", [1, 2, 3]))].sort()).toEqual([1, 2]);
  });
});

describe("schema upgrade", () => {
  it("version 3 keeps queued changes written by version 2 and indexes them by row", async () => {
    const name = "yardline-outbox-upgrade-test";
    const v2 = new Dexie(name);
    v2.version(1).stores({
      meta: "key",
      trucks: "id, company, plate, name, register_date, [company+register_date]",
      outbox: "++seq, mutationId, entity, entityId, createdAt",
      listPages: "key, [company+resource], fetchedAt",
    });
    v2.version(2).stores({ shipments: "id, [company+type], booked_date" });
    await v2.table("outbox").add({ mutationId: "m1", entity: "shipment", entityId: 5 });
    v2.close();
    const v3 = new YardlineDb(name);
    const [entry] = await v3.outbox.where("entityKey").equals("shipment:5").toArray();
    expect(entry).toMatchObject({ mutationId: "m1", entityKey: "shipment:5", attempts: 0 });
    expect(await v3.syncIssues.count()).toBe(0);
    v3.close();
    await Dexie.delete(name);
  });
});

describe("localId", () => {
  it("gives each creation an id below the one before, even within one millisecond", () => {
    vi.spyOn(Date, "now").mockReturnValue(1_800_000_000_000);
    // Random digits that would put the second creation first.
    vi.spyOn(Math, "random").mockReturnValueOnce(0.9).mockReturnValueOnce(0.1);
    try {
      const first = localId();
      const second = localId();
      expect(first).toBeLessThan(0);
      expect(second).toBeLessThan(first);
    } finally {
      vi.restoreAllMocks();
    }
  });
});
