import "fake-indexeddb/auto";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Shipment } from "../../shared/contract/shipments";
import { ApiError, NetworkError } from "../lib/errors";
import { expeditionRow, truckRow } from "../test-rows";
import { db, type OutboxRow, type SyncIssueRow } from "./db";
import { type Author, enqueue } from "./outbox";
import { type BatchAnswer, Replayer, type ReplayerDeps, type ReplaySession } from "./replayer";
import { reapplyIssue } from "./sync-issues";

/**
 * The replayer's rules against a small in-memory server: versions, If-Match and stored
 * answers per Idempotency-Key, with failures scripted per request. (The adversarial suite in
 * tests/sync runs the same engine against the real API.)
 */
class FakeServer {
  rows = new Map<number, Shipment>();
  answered = new Map<string, Shipment>();
  requests: { key: string; ifMatch: number | null; body: unknown; jwt: string }[] = [];
  failures: (() => never)[] = [];
  /** The entries of each batch request, by mutation id. */
  batches: string[][] = [];

  constructor(readonly session: () => ReplaySession | null) {}

  /** Each entry answered as `send` would answer it alone. */
  sendBatch = async (entries: OutboxRow[]): Promise<BatchAnswer[]> => {
    this.batches.push(entries.map((entry) => entry.mutationId));
    const answers: BatchAnswer[] = [];
    for (const entry of entries) {
      try {
        answers.push({ status: 200, body: await this.send(entry) });
      } catch (error) {
        if (!(error instanceof ApiError)) throw error;
        answers.push({ status: error.status, body: error.body });
      }
    }
    return answers;
  };

  send = async (entry: OutboxRow): Promise<Shipment> => {
    this.requests.push({
      key: entry.mutationId,
      ifMatch: entry.baseVersion,
      body: entry.body,
      jwt: this.session()?.jwt ?? "",
    });
    const failure = this.failures.shift();
    if (failure) failure();
    const stored = this.answered.get(entry.mutationId);
    if (stored) return stored;
    const id = Number(entry.entityId);
    const row = this.rows.get(id) as Shipment;
    if (entry.baseVersion !== row.version)
      throw new ApiError(412, { code: "precondition_failed", message: "stale", current: row });
    const next = { ...row, ...entry.changes, version: row.version + 1 } as Shipment;
    this.rows.set(id, next);
    this.answered.set(entry.mutationId, next);
    return next;
  };
}

const AUTHOR: Author = { userId: 3, username: "forklift", company: "7" };
const READY = { id: 10, description: "ready", color: "#2196f3" } as const;
const LOADED = { id: 3, description: "loaded", color: "#4caf50" } as const;

let session: ReplaySession | null;
let server: FakeServer;
let refused: SyncIssueRow[];
let replayer: Replayer;

function makeReplayer(overrides: Partial<ReplayerDeps> = {}): Replayer {
  return new Replayer({
    send: server.send,
    readCurrent: async (entry) => server.rows.get(Number(entry.entityId)) ?? "gone",
    whoChanged: async () => "office",
    session: () => session,
    withLock: (task) => task(),
    random: () => 0.5,
    onRefused: (issue) => refused.push(issue),
    ...overrides,
  });
}

async function queueStatus(id: number, status: typeof READY | typeof LOADED, author = AUTHOR) {
  await enqueue(
    {
      entity: "shipment",
      entityId: id,
      op: "update",
      method: "PATCH",
      path: `api/expedition/${id}`,
      body: { status: status.id },
      changes: { status, reason: null },
      summary: { label: `DN-${id}`, field: "status", from: null, to: status.description },
    },
    author,
  );
}

/** Another device deleted row `id` on the server; this device changes it (answered 404). */
async function changeRowDeletedOnServer(id: number): Promise<void> {
  server.rows.delete(id);
  server.failures.push(() => {
    throw new ApiError(404, { code: "not_found", message: "gone" });
  });
  await queueStatus(id, READY);
  await settle();
}

async function settle(): Promise<void> {
  replayer.kick();
  await replayer.idle();
}

beforeEach(async () => {
  await Promise.all([db.shipments.clear(), db.outbox.clear(), db.syncIssues.clear()]);
  session = { userId: 3, jwt: "jwt-1" };
  server = new FakeServer(() => session);
  refused = [];
  for (const id of [1, 2]) {
    const row = expeditionRow(id, { version: 5 });
    server.rows.set(id, row);
    await db.shipments.put(row);
  }
  replayer = makeReplayer();
});

describe("Replayer", () => {
  it("idle() waits for the pass under way and resolves once it has ended", async () => {
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    replayer = makeReplayer({ withLock: (task) => held.then(task) });
    await queueStatus(1, READY);
    replayer.kick();
    let idle = false;
    const waiting = replayer.idle().then(() => {
      idle = true;
    });
    // Timers fire meanwhile: the pass is still held, so idle() has not resolved.
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(idle).toBe(false);
    release();
    await waiting;
    expect(server.rows.get(1)?.status).toEqual(READY);
    expect(await db.outbox.count()).toBe(0);
  });

  it("sends a row's changes in order, each on the version the previous one produced", async () => {
    await queueStatus(1, READY);
    await queueStatus(1, LOADED);
    await settle();
    expect(server.requests.map((request) => request.ifMatch)).toEqual([5, 6]);
    expect(server.rows.get(1)?.status).toEqual(LOADED);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
  });

  it("batches a run of distinct rows; a row's next change waits for its first answer", async () => {
    replayer = makeReplayer({ sendBatch: server.sendBatch, batchable: () => true });
    // Queued while no session may send (as offline): row 1, row 2, row 1 again.
    const signedIn = session;
    session = null;
    await queueStatus(1, LOADED);
    await queueStatus(2, READY);
    await queueStatus(1, READY);
    const [first, second, third] = (await db.outbox.orderBy("seq").toArray()).map(
      (entry) => entry.mutationId,
    );
    session = signedIn;
    await settle();
    expect(server.batches).toEqual([[first, second]]);
    // Row 1's second change went after the batch, on the version its first answer gave.
    expect(server.requests.map((request) => [request.key, request.ifMatch])).toEqual([
      [first, 5],
      [second, 5],
      [third, 6],
    ]);
    expect(server.rows.get(1)?.status).toEqual(READY);
    expect(server.rows.get(2)?.status).toEqual(READY);
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
    expect(await db.outbox.count()).toBe(0);
  });

  it("a refused item of a batch is listed; a batch the server refuses as such goes one by one", async () => {
    let calls = 0;
    replayer = makeReplayer({
      sendBatch: async (entries) => {
        calls += 1;
        if (calls === 1) throw new ApiError(404, { code: "not_found", message: "Not found" });
        return server.sendBatch(entries);
      },
      batchable: () => true,
    });
    server.rows.set(2, { ...(server.rows.get(2) as Shipment), status: LOADED, version: 6 });
    const signedIn = session;
    session = null;
    await queueStatus(1, READY);
    await queueStatus(2, READY);
    session = signedIn;
    await settle();
    // The refused batch request sent nothing; the entries then went alone.
    expect(calls).toBe(1);
    expect(server.requests).toHaveLength(2);
    expect(server.rows.get(1)?.status).toEqual(READY);
    expect(refused.map((issue) => issue.status)).toEqual([412]);
    expect(await db.shipments.get(2)).toEqual(server.rows.get(2));
    expect(await db.outbox.count()).toBe(0);
  });

  it("reverts a change the server refuses with 412 and lists it with who changed the row", async () => {
    server.rows.set(1, { ...(server.rows.get(1) as Shipment), status: LOADED, version: 6 });
    await queueStatus(1, READY);
    await settle();
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({
      status: 412,
      code: "precondition_failed",
      changedBy: "office",
      // What won on the server, shown beside the refused change.
      serverValue: LOADED,
    });
    expect(await db.syncIssues.count()).toBe(1);
    expect(await db.outbox.count()).toBe(0);
  });

  it("names the writer a 412 answer gives, without reading the line's history", async () => {
    const winner = { ...(server.rows.get(1) as Shipment), status: LOADED, version: 6 };
    server.failures.push(() => {
      throw new ApiError(412, {
        code: "precondition_failed",
        message: "stale",
        current: winner,
        changed_by: "warehouse",
      });
    });
    const whoChanged = vi.fn(async () => "office");
    replayer = makeReplayer({ whoChanged });
    await queueStatus(1, READY);
    await settle();
    expect(refused).toHaveLength(1);
    expect(refused[0]).toMatchObject({ status: 412, changedBy: "warehouse" });
    expect(whoChanged).not.toHaveBeenCalled();
    expect(await db.shipments.get(1)).toEqual(winner);
  });

  it("reverts to the server's row after another refusal, and drops a row the server lost", async () => {
    server.failures.push(() => {
      throw new ApiError(403, { code: "forbidden", message: "no" });
    });
    await queueStatus(1, READY);
    await settle();
    expect((await db.shipments.get(1))?.status.id).toBe(998);
    await changeRowDeletedOnServer(2);
    expect(await db.shipments.get(2)).toBeUndefined();
    expect(refused.map((issue) => issue.status)).toEqual([403, 404]);
  });

  it("drops a row the server answers 404 for, even when it cannot read the row again", async () => {
    replayer = makeReplayer({
      readCurrent: async () => {
        throw new NetworkError();
      },
    });
    await changeRowDeletedOnServer(2);
    expect(await db.shipments.get(2)).toBeUndefined();
    expect(refused).toEqual([expect.objectContaining({ status: 404, code: "not_found" })]);
  });

  it("backs off after a network error, keeps the entry, and sends it once the network is back", async () => {
    server.failures.push(() => {
      throw new NetworkError();
    });
    await queueStatus(1, READY);
    await settle();
    const [waiting] = await db.outbox.toArray();
    expect(waiting?.attempts).toBe(1);
    expect((await db.shipments.get(1))?.status).toEqual(READY);
    await settle(); // still inside the backoff: nothing sent
    expect(server.requests).toHaveLength(1);
    replayer.networkBack();
    await replayer.idle();
    expect(server.requests).toHaveLength(2);
    expect(server.requests[0]?.key).toBe(server.requests[1]?.key);
    expect(await db.outbox.count()).toBe(0);
  });

  it("retries a duplicate still in progress and 5xx answers with the same key", async () => {
    server.failures.push(() => {
      throw new ApiError(409, { code: "idempotency_in_progress", message: "busy" });
    });
    await queueStatus(1, READY);
    await settle();
    replayer.networkBack();
    await replayer.idle();
    expect(server.rows.get(1)?.version).toBe(6);
    expect(refused).toHaveLength(0);
  });

  it("pauses on 401 until the same user signs in again", async () => {
    server.failures.push(() => {
      throw new ApiError(401, { code: "token_not_valid", message: "expired" });
    });
    await queueStatus(1, READY);
    await settle();
    await settle();
    expect(server.requests).toHaveLength(1);
    session = { userId: 3, jwt: "jwt-2" };
    await settle();
    expect(server.requests.map((request) => request.jwt)).toEqual(["jwt-1", "jwt-2"]);
    expect(await db.outbox.count()).toBe(0);
  });

  it("sends changes only with their author's session; they hold back later changes of the row", async () => {
    await queueStatus(1, READY, { ...AUTHOR, userId: 4, username: "night" });
    await queueStatus(1, LOADED);
    await queueStatus(2, LOADED);
    await settle();
    expect(server.requests.map((request) => request.body)).toEqual([{ status: LOADED.id }]);
    expect(server.rows.get(2)?.status).toEqual(LOADED);
    session = { userId: 4, jwt: "jwt-night" };
    await settle();
    session = { userId: 3, jwt: "jwt-3" };
    await settle();
    expect(server.rows.get(1)?.status).toEqual(LOADED);
    expect(server.rows.get(1)?.version).toBe(7);
  });

  it("an answer lost after the server applied it is not applied twice", async () => {
    const applyThenDrop = async (entry: OutboxRow) => {
      await server.send(entry);
      throw new NetworkError();
    };
    replayer = makeReplayer({
      send: async (entry) =>
        server.requests.length === 0 ? applyThenDrop(entry) : server.send(entry),
    });
    await queueStatus(1, READY);
    await settle();
    replayer.networkBack();
    await replayer.idle();
    expect(server.rows.get(1)?.version).toBe(6);
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
  });

  it("a creation's temporary row gives way to the server's row; a refused one can be re-applied", async () => {
    await db.trucks.clear();
    const uid = "00000000-0000-4000-8000-000000000099";
    const truck = { ...truckRow(-5, uid), version: 0 };
    const create = {
      entity: "shipper" as const,
      entityId: uid,
      op: "create" as const,
      method: "PUT" as const,
      path: `api/shipper/uid/${uid}`,
      body: { plate: truck.plate, name: truck.name },
      changes: truck,
      summary: { label: truck.plate, field: "create", from: null, to: truck.name },
    };
    let refuseNext = true;
    const readCurrent = vi.fn(async () => "gone" as const);
    const whoChanged = vi.fn(async () => "office");
    replayer = makeReplayer({
      readCurrent,
      whoChanged,
      send: async () => {
        if (refuseNext) {
          throw new ApiError(400, {
            code: "validation_error",
            message: "plate",
            fields: { plate: ["taken"] },
            field_codes: { plate: [{ code: "duplicate" }, { code: "too_long", max: 9 }] },
          });
        }
        return { ...truck, id: 41, version: 1 };
      },
    });
    await enqueue(create, AUTHOR);
    expect(await db.trucks.get(-5)).toMatchObject({ uid });
    await settle();
    expect(await db.trucks.count()).toBe(0);
    const [issue] = await db.syncIssues.toArray();
    // The server's reason per field reaches the issue; a refused creation asks nothing more.
    expect(issue).toMatchObject({ op: "create", status: 400, entityId: uid, changedBy: null });
    expect(issue?.fieldCodes).toEqual({ plate: "duplicate" });
    expect(readCurrent).not.toHaveBeenCalled();
    expect(whoChanged).not.toHaveBeenCalled();

    refuseNext = false;
    expect(await reapplyIssue(issue?.id ?? 0, AUTHOR)).toBe(true);
    await replayer.idle();
    await settle();
    expect(await db.trucks.toArray()).toEqual([{ ...truck, id: 41, version: 1 }]);
    expect(await db.syncIssues.count()).toBe(0);
  });
});
