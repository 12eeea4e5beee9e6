import "fake-indexeddb/auto";
import Dexie from "dexie";
import { beforeEach, describe, expect, it, vi } from "vitest";
import type { Shipment } from "../../shared/contract/shipments";
import { ApiError, NetworkError } from "../lib/errors";
import { expeditionRow } from "../test-rows";
import { db, type OutboxRow, type SyncIssueRow, YardlineDb } from "./db";
import { type Author, enqueue } from "./outbox";
import { Replayer, type ReplayerDeps, type ReplaySession } from "./replayer";
import { canReapply } from "./sync-issues";
import { checkRoom, enqueueUpload, queuedUploads, StorageFullError } from "./uploads";

/**
 * Uploads are outbox entries (issue 24): the one replayer sends them with the line's changes,
 * under the same lock, back-off, sessions and sync issues. A small in-memory server stores each
 * Idempotency-Key's answer, as the API does.
 */
class FakeServer {
  files: string[] = [];
  rows = new Map<number, Shipment>();
  answered = new Map<string, unknown>();
  /** Each request: what it was (file name or status change) and the token it carried. */
  requests: { what: string; key: string; jwt: string }[] = [];
  failures: (() => never)[] = [];

  constructor(readonly session: () => ReplaySession | null) {}

  send = async (entry: OutboxRow): Promise<Shipment | null> => {
    const what = entry.upload?.name ?? `status ${JSON.stringify(entry.body)}`;
    this.requests.push({ what, key: entry.mutationId, jwt: this.session()?.jwt ?? "" });
    const failure = this.failures.shift();
    if (failure) failure();
    if (this.answered.has(entry.mutationId)) {
      return entry.upload ? null : (this.answered.get(entry.mutationId) as Shipment);
    }
    if (entry.upload) {
      this.files.push(entry.upload.name);
      this.answered.set(entry.mutationId, entry.upload.name);
      return null;
    }
    const id = Number(entry.entityId);
    const row = this.rows.get(id) as Shipment;
    const next = { ...row, ...entry.changes, version: row.version + 1 } as Shipment;
    this.rows.set(id, next);
    this.answered.set(entry.mutationId, next);
    return next;
  };
}

const AUTHOR: Author = { userId: 3, username: "forklift", company: "7" };
const OTHER: Author = { userId: 4, username: "office", company: "7" };
const READY = { id: 10, description: "ready", color: "#2196f3" } as const;

let session: ReplaySession | null;
let server: FakeServer;
let refused: SyncIssueRow[];
let replayer: Replayer;

function makeReplayer(overrides: Partial<ReplayerDeps> = {}): Replayer {
  return new Replayer({
    send: server.send,
    readCurrent: vi.fn(async () => null),
    whoChanged: vi.fn(async () => null),
    session: () => session,
    withLock: (task) => task(),
    random: () => 0.5,
    onRefused: (issue) => refused.push(issue),
    ...overrides,
  });
}

function photo(name: string, bytes = 4): File {
  return new File([new Uint8Array(bytes)], name, { type: "image/jpeg" });
}

async function settle(): Promise<void> {
  replayer.kick();
  await replayer.idle();
}

beforeEach(async () => {
  await Promise.all([db.shipments.clear(), db.outbox.clear(), db.syncIssues.clear()]);
  session = { userId: 3, jwt: "jwt-3" };
  server = new FakeServer(() => session);
  refused = [];
  const row = expeditionRow(1, { version: 5 });
  server.rows.set(1, row);
  await db.shipments.put(row);
  replayer = makeReplayer();
});

describe("uploads in the outbox", () => {
  it("queues the file with its bytes and sends it in order with the line's changes, once", async () => {
    await enqueueUpload(1, photo("a.jpg"), AUTHOR);
    await enqueue(
      {
        entity: "shipment",
        entityId: 1,
        op: "update",
        method: "PATCH",
        path: "api/expedition/1",
        body: { status: READY.id },
        changes: { status: READY },
        summary: { label: "DN-1", field: "status", from: null, to: READY.description },
      },
      AUTHOR,
    );
    await enqueueUpload(1, photo("b.jpg"), AUTHOR);
    const [queued] = await queuedUploads(1);
    expect(queued?.upload).toMatchObject({ shipment: 1, name: "a.jpg", size: 4 });
    // (jsdom's Blob does not survive fake-indexeddb's structured clone: the bytes themselves
    // are checked in the browser, tests/e2e.)
    expect(queued?.upload?.blob).toBeDefined();
    expect(await queuedUploads(2)).toEqual([]);

    // The first upload's answer is lost after the server stored it: the same key again.
    server.failures.push(() => {
      server.files.push("a.jpg");
      server.answered.set(queued?.mutationId ?? "", "a.jpg");
      throw new NetworkError();
    });
    await settle();
    expect(await db.outbox.count()).toBe(3);
    replayer.networkBack();
    await replayer.idle();
    expect(server.requests.map((request) => request.what)).toEqual([
      "a.jpg",
      "a.jpg",
      `status {"status":${READY.id}}`,
      "b.jpg",
    ]);
    expect(server.requests[0]?.key).toBe(server.requests[1]?.key);
    expect(server.files).toEqual(["a.jpg", "b.jpg"]);
    expect(await db.outbox.count()).toBe(0);
    expect(refused).toEqual([]);
  });

  it("sends a file only with its author's session; 401 pauses it until a new sign-in", async () => {
    await enqueueUpload(1, photo("theirs.jpg"), OTHER);
    await enqueueUpload(1, photo("mine.jpg"), AUTHOR);
    server.failures.push(() => {
      throw new ApiError(401, { code: "token_not_valid", message: "expired" });
    });
    await settle();
    await settle();
    expect(server.files).toEqual([]);
    session = { userId: 3, jwt: "jwt-3b" };
    await settle();
    expect(server.files).toEqual(["mine.jpg"]);
    expect(server.requests.map((request) => request.jwt)).toEqual(["jwt-3", "jwt-3b"]);
    expect((await queuedUploads(1)).map((entry) => entry.upload?.name)).toEqual(["theirs.jpg"]);
  });

  it("a refused file becomes a sync issue with its reason code, without asking anything more", async () => {
    await enqueueUpload(1, photo("big.jpg", 9), AUTHOR);
    await enqueueUpload(1, photo("next.jpg"), AUTHOR);
    server.failures.push(() => {
      throw new ApiError(413, { code: "payload_too_large", message: "too large" });
    });
    const readCurrent = vi.fn(async () => null);
    const whoChanged = vi.fn(async () => null);
    replayer = makeReplayer({ readCurrent, whoChanged });
    await settle();
    expect(server.files).toEqual(["next.jpg"]);
    expect(await db.outbox.count()).toBe(0);
    const [issue] = await db.syncIssues.toArray();
    expect(issue).toMatchObject({
      entity: "attachment",
      status: 413,
      code: "payload_too_large",
      file: { shipment: 1, name: "big.jpg", size: 9, type: "image/jpeg" },
      summary: { label: "big.jpg", field: "attachment" },
    });
    expect(refused).toHaveLength(1);
    expect(readCurrent).not.toHaveBeenCalled();
    expect(whoChanged).not.toHaveBeenCalled();
    // The bytes are not kept: the user adds the file again.
    expect(await canReapply(issue as SyncIssueRow)).toBe(false);
  });

  it("a file of a type the server does not keep (415) is a sync issue with its field code", async () => {
    await enqueueUpload(1, photo("albaran.exe"), AUTHOR);
    server.failures.push(() => {
      throw new ApiError(415, {
        code: "unsupported_file_type",
        message: "not kept",
        fields: { file: ["Unsupported file type"] },
        field_codes: { file: [{ code: "unsupported_type" }] },
      });
    });
    await settle();
    expect(server.files).toEqual([]);
    expect(await db.outbox.count()).toBe(0);
    const [issue] = await db.syncIssues.toArray();
    expect(issue).toMatchObject({
      entity: "attachment",
      status: 415,
      code: "unsupported_file_type",
      fieldCodes: { file: "unsupported_type" },
      file: { shipment: 1, name: "albaran.exe" },
    });
    expect(await canReapply(issue as SyncIssueRow)).toBe(false);
  });

  it("5xx keeps the file for later with the whole queue backing off", async () => {
    await enqueueUpload(1, photo("later.jpg"), AUTHOR);
    server.failures.push(() => {
      throw new ApiError(503, { code: "unavailable", message: "down" });
    });
    await settle();
    const [kept] = await db.outbox.toArray();
    expect(kept).toMatchObject({ attempts: 1, upload: { name: "later.jpg" } });
    replayer.networkBack();
    await replayer.idle();
    expect(server.files).toEqual(["later.jpg"]);
    replayer.stop();
  });

  it("refuses a file up front when the device has no room for it", async () => {
    const estimate = vi.fn(async () => ({ usage: 990 * 1024 * 1024, quota: 1000 * 1024 * 1024 }));
    Object.defineProperty(navigator, "storage", { value: { estimate }, configurable: true });
    try {
      await expect(checkRoom(5 * 1024 * 1024)).rejects.toBeInstanceOf(StorageFullError);
      estimate.mockResolvedValue({ usage: 0, quota: 1000 * 1024 * 1024 });
      await expect(checkRoom(5 * 1024 * 1024)).resolves.toBeUndefined();
    } finally {
      Object.defineProperty(navigator, "storage", { value: undefined, configurable: true });
    }
  });
});

describe("database upgrade to version 8", () => {
  it("moves the files the old upload queue held into the outbox, in order, bytes and all", async () => {
    const name = `yardline-upgrade-${crypto.randomUUID()}`;
    const old = new Dexie(name);
    old.version(7).stores({
      meta: "key",
      trucks: "id, company, plate, name, register_date, [company+register_date]",
      outbox: "++seq, mutationId, entityKey, userId",
      listPages: "key, [company+resource], fetchedAt",
      shipments: "id, [company+type], booked_date",
      syncIssues: "++id, userId, refusedAt",
      criticalLines: "id, company",
      uploads: "++seq, mutationId, shipment, userId",
      taskLines: "id, company",
      taskLookups: "key",
    });
    await old.table("outbox").add({ mutationId: "change", entityKey: "shipment:1", userId: 3 });
    const upload = (mutationId: string, fileName: string) => ({
      mutationId,
      shipment: 12,
      name: fileName,
      description: "dock",
      type: "image/png",
      size: 3,
      blob: new Blob([new Uint8Array([1, 2, 3])], { type: "image/png" }),
      userId: 3,
      username: "forklift",
      company: "7",
      createdAt: 1,
      attempts: 2,
    });
    await old.table("uploads").bulkAdd([upload("k1", "one.png"), upload("k2", "two.png")]);
    old.close();

    const upgraded = new YardlineDb(name);
    const entries = await upgraded.outbox.orderBy("seq").toArray();
    expect(entries.map((entry) => entry.mutationId)).toEqual(["change", "k1", "k2"]);
    expect(entries[1]).toMatchObject({
      entity: "attachment",
      entityKey: "attachment:12:k1",
      op: "create",
      method: "POST",
      path: "api/attachment",
      body: { shipment: 12, description: "dock" },
      userId: 3,
      company: "7",
      attempts: 2,
      upload: { shipment: 12, name: "one.png", description: "dock", size: 3 },
    });
    expect(entries[1]?.upload?.blob).toBeDefined();
    expect(upgraded.tables.map((table) => table.name)).not.toContain("uploads");
    upgraded.close();
    await Dexie.delete(name);
  });
});
