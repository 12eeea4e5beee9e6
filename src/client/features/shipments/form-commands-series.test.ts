import "fake-indexeddb/auto";
import { setupI18n } from "@lingui/core";
import { beforeEach, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { NotCreated } from "../../../shared/contract/scheduling";
import type { Shipment } from "../../../shared/contract/shipments";
import { occurrenceUid } from "../../../shared/occurrence-uid";
import { isBookingCode, refusalLines } from "../../lib/error-messages";
import { ApiError, NetworkError } from "../../lib/errors";
import { messages as esMessages } from "../../locales/es/messages.po";
import { db, type OutboxRow, type SyncIssueRow } from "../../offline/db";
import type { Author } from "../../offline/outbox";
import {
  type ReplayAnswer,
  Replayer,
  type ReplayerDeps,
  type ReplaySession,
} from "../../offline/replayer";
import type { SeriesAnswer } from "../../offline/series-outcome";
import { reapplyIssue } from "../../offline/sync-issues";
import { expeditionRow } from "../../test-rows";
import { queueSeriesCreation, queueShipmentEdit } from "./form-commands";

/**
 * A repeated line queued offline (issue 24): one outbox entry, replayed against a small
 * in-memory server that makes each occurrence once under its derived uid, answers a repeated
 * Idempotency-Key from its record, and refuses the dates a test names.
 */
const AUTHOR: Author = { userId: 3, username: "office", company: "7" };
const session: ReplaySession = { userId: 3, jwt: "jwt-1" };
const UID = "5b7d2a10-8c3e-4f61-9a2b-1c0d3e4f5a6b";
const ACME = { id: 1, description: "ACME" };
const BODY = { code: "", booked_date: "2026-12-01T09:00:00Z", client: 1 };
const RULE = "RRULE:FREQ=DAILY;COUNT=3";
const DAYS = ["2026-12-01T09:00:00.000Z", "2026-12-02T09:00:00.000Z", "2026-12-03T09:00:00.000Z"];

class SeriesServer {
  rows = new Map<number, Shipment>();
  answered = new Map<string, unknown>();
  requests: { key: string; path: string; ifMatch: number | null }[] = [];
  /** Dates the dock refuses, with the reason. */
  refuse = new Map<string, NotCreated["code"]>();
  failures: (() => never)[] = [];
  nextId = 100;

  send = async (entry: OutboxRow): Promise<ReplayAnswer> => {
    this.requests.push({ key: entry.mutationId, path: entry.path, ifMatch: entry.baseVersion });
    this.failures.shift()?.();
    const stored = this.answered.get(entry.mutationId);
    if (stored) return stored as ReplayAnswer;
    let answer: ReplayAnswer;
    if (entry.path.includes("/series/")) {
      const series: SeriesAnswer = { series: true, created: [], notCreated: [] };
      for (const [index, day] of DAYS.entries()) {
        const uid = await occurrenceUid(String(entry.entityId), index);
        const made = [...this.rows.values()].find((row) => row.uid === uid);
        const code = this.refuse.get(day);
        if (made) series.created.push(made);
        else if (code) series.notCreated.push({ booked_date: day, code });
        else {
          const line = expeditionRow(this.nextId++, { uid, booked_date: day, version: 1 });
          this.rows.set(line.id, line);
          series.created.push(line);
        }
      }
      answer = series;
    } else {
      const id = Number(entry.entityId);
      const row = this.rows.get(id) as Shipment;
      if (entry.baseVersion !== row.version) throw new ApiError(412, { current: row });
      answer = { ...row, ...entry.changes, version: row.version + 1 } as Shipment;
      this.rows.set(id, answer);
    }
    this.answered.set(entry.mutationId, answer);
    return answer;
  };
}

let server: SeriesServer;
let refused: SyncIssueRow[];
let replayer: Replayer;

function makeReplayer(overrides: Partial<ReplayerDeps> = {}): Replayer {
  return new Replayer({
    send: server.send,
    readCurrent: async () => null,
    whoChanged: async () => null,
    session: () => session,
    withLock: (task) => task(),
    random: () => 0,
    onRefused: (issue) => refused.push(issue),
    ...overrides,
  });
}

async function settle(): Promise<void> {
  replayer.kick();
  await replayer.idle();
}

const queueSeries = (key?: string) =>
  queueSeriesCreation(
    SHIPMENT_TYPE.expedition,
    UID,
    BODY,
    RULE,
    { client: ACME },
    AUTHOR,
    new Date("2026-11-30T10:00:00Z"),
    key,
  );

beforeEach(async () => {
  await Promise.all([db.shipments.clear(), db.outbox.clear(), db.syncIssues.clear()]);
  server = new SeriesServer();
  refused = [];
  replayer = makeReplayer();
});

describe("a repeated line saved offline", () => {
  it("queues ONE entry under the form's key and shows its first occurrence, waiting", async () => {
    const id = await queueSeries("key-tried");
    const entries = await db.outbox.toArray();
    expect(entries).toHaveLength(1);
    const first = await occurrenceUid(UID, 0);
    expect(entries[0]).toMatchObject({
      mutationId: "key-tried",
      op: "create",
      method: "PUT",
      path: `api/expedition/series/${UID}`,
      body: { ...BODY, rrule_str: RULE },
      entityKey: `shipment:${first}`,
      baseVersion: null,
    });
    expect(id).toBeLessThan(0);
    expect(await db.shipments.get(id)).toMatchObject({
      uid: first,
      booked_date: DAYS[0],
      client: ACME,
      rrule_str: RULE,
    });
  });

  it("replayed: the lines made replace the shown one; each date refused is one issue with its code", async () => {
    server.refuse.set(DAYS[1] as string, "slot_full");
    server.refuse.set(DAYS[2] as string, "restricted_date");
    const shown = await queueSeries();
    await settle();

    expect(await db.outbox.count()).toBe(0);
    expect(await db.shipments.get(shown)).toBeUndefined();
    const lines = await db.shipments.toArray();
    expect(lines.map((line) => line.booked_date)).toEqual([DAYS[0]]);
    expect(lines[0]?.uid).toBe(await occurrenceUid(UID, 0));

    const issues = await db.syncIssues.orderBy("id").toArray();
    expect(refused).toHaveLength(2);
    expect(
      issues.map((issue) => [
        issue.fieldCodes?.booked_date,
        Date.parse(String(issue.body?.booked_date)),
      ]),
    ).toEqual([
      ["slot_full", Date.parse(DAYS[1] as string)],
      ["restricted_date", Date.parse(DAYS[2] as string)],
    ]);
    for (const issue of issues) {
      // A single creation of that date under a uid of its own, without the rule.
      expect(issue).toMatchObject({ op: "create", status: 400, entity: "shipment" });
      expect(issue.path).toBe(`api/expedition/uid/${issue.entityId}`);
      expect(issue.body).not.toHaveProperty("rrule_str");
      expect(issue.changes).toMatchObject({ uid: issue.entityId, rrule_str: null, client: ACME });
      expect(Number(issue.changes.id)).toBeLessThan(0);
      expect(Date.parse(String(issue.changes.booked_date))).toBe(
        Date.parse(String(issue.body?.booked_date)),
      );
    }
    // A refused creation of that date with the dock's code: the sync issues page offers the
    // re-book (features/sync-issues/issue-action.ts), the form opening with these values.
    expect(issues.every((issue) => isBookingCode(issue.fieldCodes?.booked_date))).toBe(true);
    // Why, in the user's language (the form's own words for the dock's refusals).
    const es = setupI18n({ locale: "es", messages: { es: esMessages } });
    const [slot] = refusalLines(issues[0] as SyncIssueRow, es);
    expect(slot).toMatch(/llen|complet/i);
    expect(slot).not.toMatch(/full/);
  });

  it("a lost answer: the retry carries the same key and nothing is made twice", async () => {
    let dropped = false;
    replayer = makeReplayer({
      send: async (entry) => {
        const answer = await server.send(entry);
        if (dropped) return answer;
        dropped = true;
        throw new NetworkError("answer lost after the server made the lines");
      },
    });
    await queueSeries();
    await settle();
    replayer.networkBack();
    await replayer.idle();
    const keys = server.requests.map((request) => request.key);
    expect(keys).toHaveLength(2);
    expect(new Set(keys).size).toBe(1);
    expect(server.rows.size).toBe(3);
    expect(await db.shipments.count()).toBe(3);
    expect(await db.outbox.count()).toBe(0);
  });

  it("an edit of the shown line while it waits goes to the server's line of that date", async () => {
    const shown = await queueSeries();
    const row = (await db.shipments.get(shown)) as Shipment;
    await queueShipmentEdit(row, { client_notes: "ramp 3" }, {}, AUTHOR);
    await settle();
    const first = [...server.rows.values()].find((line) => line.booked_date === DAYS[0]);
    expect(server.requests.map((request) => request.path)).toEqual([
      `api/expedition/series/${UID}`,
      `api/expedition/${first?.id}`,
    ]);
    expect(server.requests[1]?.ifMatch).toBe(1);
    expect(first?.client_notes).toBe("ramp 3");
    expect((await db.shipments.get(first?.id as number))?.client_notes).toBe("ramp 3");
    expect(await db.syncIssues.count()).toBe(0);
  });

  it("the shown date refused: its issue keeps the edit made meanwhile, nothing else is sent", async () => {
    server.refuse.set(DAYS[0] as string, "outside_hours");
    const shown = await queueSeries();
    const row = (await db.shipments.get(shown)) as Shipment;
    await queueShipmentEdit(row, { client_notes: "ramp 3" }, {}, AUTHOR);
    await settle();
    expect(server.requests).toHaveLength(1);
    expect(await db.outbox.count()).toBe(0);
    const [issue] = await db.syncIssues.toArray();
    expect(issue).toMatchObject({
      entityId: row.uid,
      fieldCodes: { booked_date: "outside_hours" },
      body: { client_notes: "ramp 3" },
      changes: { client_notes: "ramp 3" },
    });
    expect(await db.shipments.count()).toBe(2);
  });

  it("a series refused as a whole (400) is reverted and listed like a refused creation", async () => {
    server.failures.push(() => {
      throw new ApiError(400, {
        code: "validation_error",
        message: "invalid",
        field_codes: { booked_date: [{ code: "invalid_date" }] },
      });
    });
    const shown = await queueSeries();
    await settle();
    expect(await db.shipments.get(shown)).toBeUndefined();
    expect(await db.outbox.count()).toBe(0);
    const issues = await db.syncIssues.toArray();
    expect(issues).toHaveLength(1);
    expect(issues[0]).toMatchObject({
      op: "create",
      status: 400,
      path: `api/expedition/series/${UID}`,
      fieldCodes: { booked_date: "invalid_date" },
    });
    // Re-applied, the same series goes again (a new key) and is made.
    expect(await reapplyIssue(issues[0]?.id as number, AUTHOR)).toBe(true);
    await settle();
    expect(server.rows.size).toBe(3);
    expect(await db.syncIssues.count()).toBe(0);
  });
});
