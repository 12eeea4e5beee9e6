import { randomUUID } from "node:crypto";
import { inArray } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Expedition, HistoryEntry } from "../../../../shared/contract/shipments";
import type {
  ShipmentChange,
  ShipmentChangeAnswer,
} from "../../../../shared/contract/shipments-changes";
import { PLAIN, TRW } from "../../../db/demo-data";
import { idempotencyKeys } from "../../../db/schema/idempotency";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";

/** POST /api/shipment-changes: queued changes answered as their PATCHes would be. */
let t: TestApp;
let plain: number;
let trw: number;
let office: Caller;
let readonly: Caller;

const EXPEDITION = 1;
const READY = 10;
const ATTENTION = 7;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  office = await callerFor(t, "office", plain);
  readonly = await callerFor(t, "readonly", plain);
});
afterAll(async () => {
  await t?.close();
});

function change(id: number, body: ShipmentChange["body"], version = 1): ShipmentChange {
  return { key: randomUUID(), type: "expedition", id, version, body };
}

async function send(caller: Caller, changes: ShipmentChange[]): Promise<ShipmentChangeAnswer[]> {
  const response = await caller("POST", "/api/shipment-changes", { changes });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: ShipmentChangeAnswer[] }>().results;
}

async function historyOf(id: number): Promise<HistoryEntry[]> {
  const response = await office("GET", `/api/historic?shipment=${id}`);
  return response.json<{ results: HistoryEntry[] }>().results;
}

describe("POST /api/shipment-changes", () => {
  it("applies each change as its PATCH would, answering in order", async () => {
    const a = await insertLine(t.app.db, plain, EXPEDITION);
    const b = await insertLine(t.app.db, plain, EXPEDITION, { statusId: ATTENTION });
    const results = await send(office, [
      change(a, { status: READY }),
      change(b, { reason: "PACKAGE" }),
    ]);
    expect(results.map((result) => result.status)).toEqual([200, 200]);
    const [first, second] = results.map((result) => result.body as Expedition);
    expect(first).toMatchObject({ id: a, version: 2, status: { id: READY }, reason: null });
    expect(second).toMatchObject({ id: b, version: 2, reason: { code: "PACKAGE" } });
    expect((await office("GET", `/api/expedition/${a}`)).json()).toMatchObject({ version: 2 });
    const [entry] = await historyOf(b);
    expect(entry?.user?.username).toBe("office");
    expect(entry?.modified_fields.reason).toEqual({ old: null, new: "PACKAGE" });
  });

  it("answers a repeated key from its record, in a batch or a PATCH alike, applied once", async () => {
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const first = change(id, { status: READY });
    const [answer] = await send(office, [first]);
    expect(answer?.status).toBe(200);
    const [again] = await send(office, [first]);
    expect(again).toEqual(answer);
    const alone = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: READY },
      { "idempotency-key": first.key, "if-match": '"1"' },
    );
    expect(alone.statusCode).toBe(200);
    expect(alone.headers["idempotent-replayed"]).toBe("true");
    expect(alone.headers.etag).toBe('"2"');
    expect(await historyOf(id)).toHaveLength(1);
    // The same key for another change is refused, as a PATCH would be.
    const [mismatch] = await send(office, [{ ...first, body: { status: 1 } }]);
    expect(mismatch).toMatchObject({ status: 422, body: { code: "idempotency_mismatch" } });
  });

  it("refuses per change: stale version (412 naming the writer), bad status, other company, no permission", async () => {
    const stale = await insertLine(t.app.db, plain, EXPEDITION);
    await office("PATCH", `/api/expedition/${stale}`, { status: READY });
    const bad = await insertLine(t.app.db, plain, EXPEDITION);
    const foreign = await insertLine(t.app.db, trw, EXPEDITION);
    const fine = await insertLine(t.app.db, plain, EXPEDITION);
    const results = await send(office, [
      change(stale, { status: 1 }),
      change(bad, { status: 5 }), // a reception status
      change(foreign, { status: READY }),
      change(fine, { status: READY }),
    ]);
    expect(results.map((result) => result.status)).toEqual([412, 400, 404, 200]);
    expect(results[0]?.body).toMatchObject({
      code: "precondition_failed",
      changed_by: "office",
      current: { id: stale, version: 2 },
    });
    expect(results[1]?.body).toMatchObject({ code: "validation_error" });
    expect(await historyOf(bad)).toHaveLength(0);

    const [forbidden] = await send(readonly, [change(fine, { status: 1 }, 2)]);
    expect(forbidden).toMatchObject({ status: 403, body: { code: "forbidden" } });
    expect((await office("GET", `/api/expedition/${fine}`)).json()).toMatchObject({ version: 2 });
  });

  it("refuses a malformed batch whole: a line twice, no changes, a shipper change", async () => {
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const twice = await office("POST", "/api/shipment-changes", {
      changes: [change(id, { status: READY }), change(id, { status: 1 })],
    });
    expect(twice.statusCode).toBe(400);
    expect((await office("POST", "/api/shipment-changes", { changes: [] })).statusCode).toBe(400);
    const shipper = await office("POST", "/api/shipment-changes", {
      changes: [{ ...change(id, { status: READY }), body: { shipper: 1 } }],
    });
    expect(shipper.statusCode).toBe(400);
    expect(await historyOf(id)).toHaveLength(0);
  });

  it("refuses keys that are not 1..200 printable ASCII, and the same key twice, claiming nothing", async () => {
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const other = await insertLine(t.app.db, plain, EXPEDITION);
    const bad = ["\ud800a", "", "k".repeat(201), "tab\tkey", "clé"];
    for (const key of bad) {
      const response = await office("POST", "/api/shipment-changes", {
        changes: [{ ...change(id, { status: READY }), key }],
      });
      expect(response.statusCode, key).toBe(400);
      expect(response.json()).toMatchObject({ code: "validation_error" });
    }
    const key = randomUUID();
    const twice = await office("POST", "/api/shipment-changes", {
      changes: [
        { ...change(id, { status: READY }), key },
        { ...change(other, { status: READY }), key },
      ],
    });
    expect(twice.statusCode).toBe(400);
    const rows = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(inArray(idempotencyKeys.key, [...bad, key, "\ufffda"]));
    expect(rows).toEqual([]);
    expect(await historyOf(id)).toHaveLength(0);
  });

  it("answers a caller without the permission 403 per change before claiming any key", async () => {
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const changes = [change(id, { status: READY }), change(id + 100_000, { reason: null })];
    const results = await send(readonly, changes);
    expect(results.map((result) => result.status)).toEqual([403, 403]);
    const rows = await t.app.db
      .select()
      .from(idempotencyKeys)
      .where(
        inArray(
          idempotencyKeys.key,
          changes.map((each) => each.key),
        ),
      );
    expect(rows).toEqual([]);
    expect((await office("GET", `/api/expedition/${id}`)).json()).toMatchObject({ version: 1 });
  });
});
