import "fake-indexeddb/auto";
import { setupI18n } from "@lingui/core";
import { beforeEach, describe, expect, it } from "vitest";
import type { Shipment } from "../../../shared/contract/shipments";
import { ApiError, NetworkError } from "../../lib/errors";
import { db, type OutboxRow, type SyncIssueRow } from "../../offline/db";
import { type Author, enqueue } from "../../offline/outbox";
import { Replayer, type ReplayerDeps, type ReplaySession } from "../../offline/replayer";
import { dismissIssue, reapplyIssue, resolveConflict } from "../../offline/sync-issues";
import { expeditionRow } from "../../test-rows";
import { statusCommand } from "./commands";
import {
  deleteShipmentOnlineFirst,
  deletingShipmentIds,
  queueShipmentCreation,
  queueShipmentDelete,
  queueShipmentEdit,
} from "./form-commands";
import type { ShipmentPicks } from "./form-commands-values";

/**
 * The 412 merge of shipment edits (issue 11) against a small in-memory server: versions,
 * If-Match, stored answers per Idempotency-Key, create-once by uid, and another user's edits.
 */
class FakeServer {
  rows = new Map<number, Shipment>();
  answered = new Map<string, Shipment>();
  requests: { key: string; ifMatch: number | null; body: unknown; path: string }[] = [];
  failures: ((entry: OutboxRow) => Promise<never> | never)[] = [];
  nextId = 100;

  /** Another user's edit through the API. */
  edit(id: number, patch: Partial<Shipment>): Shipment {
    const row = this.rows.get(id) as Shipment;
    const next = { ...row, ...patch, version: row.version + 1 } as Shipment;
    this.rows.set(id, next);
    return next;
  }

  apply = async (entry: OutboxRow): Promise<Shipment> => {
    const stored = this.answered.get(entry.mutationId);
    if (stored) return stored;
    let answer: Shipment;
    if (entry.op === "create") {
      const made = [...this.rows.values()].find((row) => row.uid === entry.entityId);
      answer = made ?? ({ ...entry.changes, id: this.nextId++, version: 1 } as Shipment);
    } else {
      const id = Number(entry.entityId);
      const row = this.rows.get(id);
      if (!row) throw new ApiError(404, { code: "not_found", message: "gone" });
      if (entry.baseVersion !== row.version)
        throw new ApiError(412, {
          code: "precondition_failed",
          message: "stale",
          current: row,
          changed_by: "warehouse",
        });
      if (entry.op === "delete") {
        this.rows.delete(id);
        return null as unknown as Shipment; // 204: no row
      }
      answer = { ...row, ...entry.changes, version: row.version + 1 } as Shipment;
    }
    this.rows.set(answer.id, answer);
    this.answered.set(entry.mutationId, answer);
    return answer;
  };

  send = async (entry: OutboxRow): Promise<Shipment> => {
    this.requests.push({
      key: entry.mutationId,
      ifMatch: entry.baseVersion,
      body: entry.body,
      path: entry.path,
    });
    const failure = this.failures.shift();
    if (failure) await failure(entry);
    return this.apply(entry);
  };
}

const AUTHOR: Author = { userId: 3, username: "office", company: "7" };
const session: ReplaySession = { userId: 3, jwt: "jwt-1" };
let server: FakeServer;
let refused: SyncIssueRow[];
let replayer: Replayer;

function makeReplayer(overrides: Partial<ReplayerDeps> = {}): Replayer {
  return new Replayer({
    send: server.send,
    readCurrent: async (entry) => server.rows.get(Number(entry.entityId)) ?? "gone",
    whoChanged: async () => "warehouse",
    session: () => session,
    withLock: (task) => task(),
    random: () => 0.5,
    onRefused: (issue) => refused.push(issue),
    ...overrides,
  });
}

/** An expedition booked on this device (queued, not sent): the line as its list shows it. */
async function bookHere(
  uid: string,
  values: Record<string, unknown>,
  picks: ShipmentPicks = {},
): Promise<Shipment> {
  const booked = { booked_date: "2026-11-24T08:00:00Z", client: 1, ...values };
  const local = await queueShipmentCreation(1, uid, booked, picks, AUTHOR);
  return (await db.shipments.get(local)) as Shipment;
}

async function settle(): Promise<void> {
  replayer.kick();
  await replayer.idle();
}

const BASE = expeditionRow(1, { version: 5, packages: 2, client_notes: "", company_notes: "" });

beforeEach(async () => {
  await Promise.all([
    db.shipments.clear(),
    db.outbox.clear(),
    db.syncIssues.clear(),
    db.meta.clear(),
  ]);
  server = new FakeServer();
  refused = [];
  server.rows.set(1, BASE);
  await db.shipments.put(BASE);
  replayer = makeReplayer();
});

describe("a shipment edit that meets a newer version (412)", () => {
  it("disjoint fields: mine re-sent at once on their version with a new key; both survive", async () => {
    server.edit(1, { company_notes: "dock 4" });
    await queueShipmentEdit(BASE, { client_notes: "gate 2" }, {}, AUTHOR);
    await settle();
    const [first, second] = server.requests;
    expect(server.requests).toHaveLength(2);
    expect(first).toMatchObject({ ifMatch: 5, body: { client_notes: "gate 2" } });
    expect(second).toMatchObject({ ifMatch: 6, body: { client_notes: "gate 2" } });
    expect(second?.key).not.toBe(first?.key);
    expect(server.rows.get(1)).toMatchObject({
      client_notes: "gate 2",
      company_notes: "dock 4",
      version: 7,
    });
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
    expect(await db.outbox.count()).toBe(0);
    expect(refused).toEqual([]);
    expect(await db.syncIssues.count()).toBe(0);
  });

  it("the same field changed by both: a conflict issue with both values; the rest is sent", async () => {
    server.edit(1, { packages: 9, company_notes: "dock 4" });
    await queueShipmentEdit(BASE, { packages: 6, client_notes: "gate 2" }, {}, AUTHOR);
    await settle();
    expect(server.requests.map((request) => request.body)).toEqual([
      { packages: 6, client_notes: "gate 2" },
      { client_notes: "gate 2" },
    ]);
    expect(server.rows.get(1)).toMatchObject({ packages: 9, client_notes: "gate 2" });
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
    const [issue] = await db.syncIssues.toArray();
    expect(issue).toMatchObject({
      kind: "conflict",
      status: 412,
      changedBy: "warehouse",
      conflicts: [{ field: "packages", base: 2, mine: 6, theirs: 9, mineShown: 6, theirsShown: 9 }],
    });
    expect(refused).toHaveLength(1);
  });

  it("readable values are kept for people: the client and truck as the line shows them", async () => {
    const acme = { id: 1, description: "ACME" };
    server.edit(1, { client: { id: 3, description: "GAMMA" } });
    await queueShipmentEdit(BASE, { client: 1 }, { client: acme }, AUTHOR);
    await settle();
    const [issue] = await db.syncIssues.toArray();
    expect(issue?.conflicts).toEqual([
      {
        field: "client",
        base: 2,
        mine: 1,
        theirs: 3,
        mineShown: acme,
        theirsShown: { id: 3, description: "GAMMA" },
      },
    ]);
  });

  it("keep mine: an edit of those fields on the line's version now, merged once more", async () => {
    server.edit(1, { packages: 9 });
    await queueShipmentEdit(BASE, { packages: 6 }, {}, AUTHOR);
    await settle();
    const [issue] = await db.syncIssues.toArray();
    expect(await resolveConflict(issue?.id ?? 0, ["packages"], "mine", AUTHOR)).toBe(true);
    expect(await db.syncIssues.count()).toBe(0);
    expect(await db.shipments.get(1)).toMatchObject({ packages: 6 });
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ ifMatch: 6, body: { packages: 6 } });
    expect(server.rows.get(1)).toMatchObject({ packages: 6, version: 7 });
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
  });

  it("keep theirs: the issue goes and nothing is sent; one field at a time", async () => {
    server.edit(1, { packages: 9, client_notes: "theirs" });
    await queueShipmentEdit(BASE, { packages: 6, client_notes: "mine" }, {}, AUTHOR);
    await settle();
    const [issue] = await db.syncIssues.toArray();
    const id = issue?.id ?? 0;
    expect(issue?.conflicts?.map((each) => each.field)).toEqual(["packages", "client_notes"]);
    expect(await resolveConflict(id, ["packages"], "theirs", AUTHOR)).toBe(true);
    expect((await db.syncIssues.get(id))?.conflicts?.map((each) => each.field)).toEqual([
      "client_notes",
    ]);
    // Re-apply of a conflict is "keep mine" for every field left.
    expect(await reapplyIssue(id, AUTHOR)).toBe(true);
    await settle();
    expect(server.rows.get(1)).toMatchObject({ packages: 9, client_notes: "mine" });
    expect(await db.syncIssues.count()).toBe(0);
    server.edit(1, { packages: 10 });
    await queueShipmentEdit(
      (await db.shipments.get(1)) as Shipment,
      { packages: 11 },
      {},
      { ...AUTHOR },
    );
    // The mirror's version is older than the server's: a new conflict; dismissing keeps theirs.
    await settle();
    const [again] = await db.syncIssues.toArray();
    const sent = server.requests.length;
    await dismissIssue(again?.id ?? 0);
    await settle();
    expect(server.requests).toHaveLength(sent);
    expect(server.rows.get(1)?.packages).toBe(10);
    expect((await db.shipments.get(1))?.packages).toBe(10);
  });

  it("an equal change on both sides: nothing to send, no issue", async () => {
    server.edit(1, { packages: 6 });
    await queueShipmentEdit(BASE, { packages: 6 }, {}, AUTHOR);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.syncIssues.count()).toBe(0);
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
  });

  it("the re-send's answer lost after the server applied it is not applied twice", async () => {
    server.edit(1, { company_notes: "dock 4" });
    await queueShipmentEdit(BASE, { client_notes: "gate 2" }, {}, AUTHOR);
    server.failures.push(
      async () => {
        throw await server.apply((await db.outbox.toArray())[0] as OutboxRow).then(
          () => new Error("unreachable"),
          (error: unknown) => error,
        );
      },
      async (entry) => {
        await server.apply(entry);
        throw new NetworkError();
      },
    );
    await settle();
    replayer.networkBack();
    await replayer.idle();
    const keys = server.requests.map((request) => request.key);
    expect(keys).toHaveLength(3);
    expect(keys[2]).toBe(keys[1]);
    expect(server.rows.get(1)).toMatchObject({ client_notes: "gate 2", version: 7 });
    expect(await db.shipments.get(1)).toEqual(server.rows.get(1));
  });

  it("a line deleted meanwhile is refused (not merged) and leaves the device", async () => {
    server.rows.delete(1);
    await queueShipmentEdit(BASE, { packages: 6 }, {}, AUTHOR);
    await settle();
    expect(await db.shipments.get(1)).toBeUndefined();
    expect(refused).toMatchObject([{ status: 404, changedBy: "warehouse" }]);
    expect(refused[0]?.kind).toBeUndefined();
  });
});

describe("creating a line under its uid", () => {
  it("an answer 200 (already created) is acknowledged like 201: one line, never twice", async () => {
    const uid = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a09";
    const local = await queueShipmentCreation(
      1,
      uid,
      { code: "ALB-7", booked_date: "2026-11-24T08:00:00Z", client: 1 },
      { client: { id: 1, description: "ACME" } },
      AUTHOR,
    );
    // The first answer is lost after the server created the line; the retry (same key) and a
    // second key for the same uid both get the line already made.
    server.failures.push(async (entry) => {
      await server.apply(entry);
      throw new NetworkError();
    });
    await settle();
    replayer.networkBack();
    await replayer.idle();
    const made = [...server.rows.values()].filter((row) => row.uid === uid);
    expect(made).toHaveLength(1);
    expect(await db.shipments.get(local)).toBeUndefined();
    expect(await db.shipments.get(made[0]?.id ?? 0)).toMatchObject({ uid, code: "ALB-7" });
    const entry = { mutationId: "other-key", op: "create", entityId: uid } as OutboxRow;
    expect((await server.apply(entry)).id).toBe(made[0]?.id);
  });

  it("edited while its creation waited, changed by another user meanwhile: merged, not written over", async () => {
    const uid = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a11";
    const shown = await bookHere(
      uid,
      { code: "ALB-9", packages: 1 },
      { client: { id: 1, description: "ACME" } },
    );
    // The server makes the line, the answer is lost, and its record with it: the retry is
    // answered with the line as it is now (a creation by uid answered again: 200).
    server.failures.push(async (entry) => {
      await server.apply(entry);
      server.answered.delete(entry.mutationId);
      throw new NetworkError();
    });
    await settle();
    const made = [...server.rows.values()].find((row) => row.uid === uid) as Shipment;
    // Another user changes the packages; this device, still showing its own line, too.
    server.edit(made.id, { packages: 9 });
    await queueShipmentEdit(shown, { packages: 3 }, {}, AUTHOR);
    replayer.networkBack();
    await replayer.idle();
    // The edit names the version the creation made: the server answers 412, and the field
    // both changed is a conflict the user settles, not silently written over.
    expect(server.requests.at(-1)).toMatchObject({ path: `api/expedition/${made.id}`, ifMatch: 1 });
    expect(server.rows.get(made.id)).toMatchObject({ packages: 9, version: 2 });
    expect(refused).toEqual([
      expect.objectContaining({
        kind: "conflict",
        conflicts: [expect.objectContaining({ field: "packages", mine: 3, theirs: 9 })],
      }),
    ]);
  });

  it("a line edited while its creation waited is created, then edited, in order", async () => {
    const uid = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a10";
    const local = await queueShipmentCreation(
      1,
      uid,
      { code: "ALB-8", booked_date: "2026-11-24T08:00:00Z", client: 1 },
      {},
      AUTHOR,
    );
    await queueShipmentEdit(
      (await db.shipments.get(local)) as Shipment,
      { packages: 3 },
      {},
      AUTHOR,
    );
    await settle();
    expect(server.requests.map((request) => [request.path, request.ifMatch])).toEqual([
      [`api/expedition/uid/${uid}`, null],
      ["api/expedition/100", 1],
    ]);
    expect(server.rows.get(100)).toMatchObject({ packages: 3, version: 2 });
    expect(await db.shipments.get(100)).toEqual(server.rows.get(100));
  });
});

describe("a status change in the list on a line booked here (issue 24)", () => {
  const i18n = setupI18n({ locale: "en", messages: { en: {} } });
  const book = (uid: string, code: string) => bookHere(uid, { code });

  it("made after the creation was answered (the list showing it still): goes to the server's line", async () => {
    const uid = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a20";
    const shown = await book(uid, "ALB-20");
    await settle();
    // The list still holds the line under its local id when the user picks a status.
    await enqueue(statusCommand(shown, 10, i18n), AUTHOR);
    await settle();
    expect(server.requests.map((request) => [request.path, request.ifMatch])).toEqual([
      [`api/expedition/uid/${uid}`, null],
      ["api/expedition/100", 1],
    ]);
    expect(refused).toEqual([]);
    expect(server.rows.get(100)).toMatchObject({ status: { id: 10 }, version: 2 });
    // Nothing of the local id comes back on the device.
    expect(await db.shipments.get(shown.id)).toBeUndefined();
    expect(await db.shipments.get(100)).toMatchObject({ uid, status: { id: 10 } });
  });

  it("made after the creation was refused: nothing is sent, the change joins its sync issue", async () => {
    const uid = "3f0b8a52-1c9e-4c41-9d7e-5d0c2f6b1a21";
    const shown = await book(uid, "ALB-21");
    server.failures.push(() => {
      throw new ApiError(400, {
        code: "validation_error",
        message: "full",
        field_codes: { booked_date: [{ code: "slot_full" }] },
      });
    });
    await settle();
    expect(refused).toHaveLength(1);
    await enqueue(statusCommand(shown, 10, i18n), AUTHOR);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(shown.id)).toBeUndefined();
    const [issue] = await db.syncIssues.toArray();
    expect(issue?.body).toMatchObject({ code: "ALB-21", status: 10 });
  });
});

describe("deleting a line through the outbox (issue 24)", () => {
  it("queued: hidden from the lists until the server answers, then gone from the device", async () => {
    await queueShipmentDelete(BASE, AUTHOR);
    expect(await deletingShipmentIds()).toEqual(new Set([1]));
    await settle();
    expect(server.requests).toEqual([
      expect.objectContaining({ path: "api/expedition/1", ifMatch: 5 }),
    ]);
    expect(server.rows.has(1)).toBe(false);
    expect(await db.shipments.get(1)).toBeUndefined();
    expect(await deletingShipmentIds()).toEqual(new Set());
    expect(refused).toEqual([]);
  });

  it("refused: the line shows again and the sync issue says why; a 412 names the writer", async () => {
    server.failures.push(() => {
      throw new ApiError(403, { code: "forbidden", message: "You may not delete it" });
    });
    await queueShipmentDelete(BASE, AUTHOR);
    await settle();
    expect(refused).toEqual([
      expect.objectContaining({ op: "delete", status: 403, code: "forbidden" }),
    ]);
    expect(await db.shipments.get(1)).toEqual(BASE);
    expect(await deletingShipmentIds()).toEqual(new Set());
    server.edit(1, { packages: 9 });
    await queueShipmentDelete(BASE, AUTHOR);
    await settle();
    expect(refused[1]).toMatchObject({ op: "delete", status: 412, changedBy: "warehouse" });
    expect(await db.shipments.get(1)).toMatchObject({ packages: 9, version: 6 });
  });

  it("a line created here and never sent is dropped with its creation, asking nothing", async () => {
    const uid = "5d6c1f0a-2b3c-4d5e-8f90-a1b2c3d4e5f6";
    const id = await queueShipmentCreation(
      1,
      uid,
      { booked_date: "2030-05-02T10:00:00Z" },
      {},
      AUTHOR,
    );
    const local = (await db.shipments.get(id)) as Shipment;
    const result = await deleteShipmentOnlineFirst(local, AUTHOR);
    expect(result).toEqual({ kind: "queued", reason: "offline" });
    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(id)).toBeUndefined();
    await settle();
    expect(server.requests).toEqual([]);
  });

  it("of a line booked here whose creation was answered meanwhile: goes to the server's line", async () => {
    const uid = "7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4b";
    // The list shows the line under its temporary id; the creation is answered before Delete.
    const shown = await bookHere(uid, { code: "ALB-30" });
    await settle();
    expect(await db.shipments.get(100)).toMatchObject({ uid, version: 1 });
    await queueShipmentDelete(shown, AUTHOR);
    expect(await deletingShipmentIds()).toEqual(new Set([100]));
    await settle();
    expect(server.requests.map((request) => [request.path, request.ifMatch])).toEqual([
      [`api/expedition/uid/${uid}`, null],
      ["api/expedition/100", 1],
    ]);
    expect(refused).toEqual([]);
    expect(server.rows.has(100)).toBe(false);
    expect(await db.shipments.get(100)).toBeUndefined();
    expect(await db.shipments.get(shown.id)).toBeUndefined();
  });

  it("of a line booked and edited here, both answered meanwhile: not refused for its own edit", async () => {
    const shown = await bookHere("7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4d", { code: "ALB-32" });
    await queueShipmentEdit(shown, { packages: 4 }, {}, AUTHOR);
    await settle();
    // The list still shows the line under its temporary id, with its edit.
    await queueShipmentDelete({ ...shown, packages: 4 }, AUTHOR);
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ path: "api/expedition/100", ifMatch: 2 });
    expect(refused).toEqual([]);
    expect(server.rows.has(100)).toBe(false);
  });

  it("made on the list's row after this device's own edit was answered: on the answered version", async () => {
    // The list still shows version 5 when Delete is pressed; the edit's answer made it 6.
    await queueShipmentEdit(BASE, { packages: 4 }, {}, AUTHOR);
    await settle();
    expect(await db.shipments.get(1)).toMatchObject({ version: 6, packages: 4 });
    await queueShipmentDelete(BASE, AUTHOR);
    await settle();
    expect(server.requests.map((request) => request.ifMatch)).toEqual([5, 6]);
    expect(refused).toEqual([]);
    expect(server.rows.has(1)).toBe(false);
    expect(await db.shipments.get(1)).toBeUndefined();
  });

  it("made on the list's row after another user's change reached the device: still refused 412", async () => {
    await queueShipmentEdit(BASE, { packages: 4 }, {}, AUTHOR);
    await settle();
    // Another user's change arrives through the feed after the list drew version 6.
    const theirs = server.edit(1, { client_notes: "theirs" });
    await db.shipments.put(theirs);
    await queueShipmentDelete({ ...BASE, version: 6, packages: 4 }, AUTHOR);
    await settle();
    expect(server.requests.at(-1)).toMatchObject({ path: "api/expedition/1", ifMatch: 6 });
    expect(refused).toEqual([
      expect.objectContaining({ op: "delete", status: 412, changedBy: "warehouse" }),
    ]);
    expect(server.rows.get(1)).toMatchObject({ version: 7, client_notes: "theirs" });
  });

  it("of a line booked here whose creation was refused meanwhile: nothing is sent", async () => {
    const uid = "7a1e2b3c-4d5e-4f60-8a7b-9c0d1e2f3a4c";
    const shown = await bookHere(uid, { code: "ALB-31" });
    server.failures.push(() => {
      throw new ApiError(400, {
        code: "validation_error",
        message: "full",
        field_codes: { booked_date: [{ code: "slot_full" }] },
      });
    });
    await settle();
    expect(refused).toHaveLength(1);
    await queueShipmentDelete(shown, AUTHOR);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    // The refusal stays explained: its sync issue is still listed.
    expect(await db.syncIssues.count()).toBe(1);
  });

  it("offline (online-first): queued under the key of the attempt, the screen is told", async () => {
    const online = Object.getOwnPropertyDescriptor(navigator, "onLine");
    Object.defineProperty(navigator, "onLine", { configurable: true, get: () => false });
    try {
      expect(await deleteShipmentOnlineFirst(BASE, AUTHOR)).toEqual({
        kind: "queued",
        reason: "offline",
      });
    } finally {
      if (online) Object.defineProperty(navigator, "onLine", online);
      else Reflect.deleteProperty(navigator, "onLine");
    }
    expect(await db.outbox.toArray()).toEqual([
      expect.objectContaining({ op: "delete", method: "DELETE", baseVersion: 5 }),
    ]);
  });
});
