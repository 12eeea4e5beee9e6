/**
 * Browser side of the offline benchmark (scripts/bench-offline.ts bundles it with Vite and loads
 * it in Chromium on the API server's origin). It runs the app's own offline modules (the Dexie
 * database, the shipments mirror writer, enqueue, the sync engine) and exposes one function per
 * measurement on `window.offlineBench`; the Node side calls them and prints the figures.
 */
import { i18n as globalI18n, setupI18n } from "@lingui/core";
import { statusCommand } from "../../src/client/features/shipments/commands";
import {
  queueSeriesCreation,
  queueShipmentCreation,
  queueShipmentEdit,
} from "../../src/client/features/shipments/form-commands";
import { queueTruckCreation } from "../../src/client/features/trucks/commands";
import { http } from "../../src/client/lib/http";
import { login } from "../../src/client/lib/session/session";
import { getSessionState } from "../../src/client/lib/session/session-store";
import { chunks, db, type OutboxRow, type ShipmentRow } from "../../src/client/offline/db";
import { enqueue } from "../../src/client/offline/outbox";
import { sendBatch, sendEntry } from "../../src/client/offline/replay-transport";
import { writeShipmentsPage } from "../../src/client/offline/shipments-mirror";
import { currentAuthor, onRefusal, startSyncEngine } from "../../src/client/offline/sync-engine";
import { enqueueUpload } from "../../src/client/offline/uploads";
import type { Shipment } from "../../src/shared/contract/shipments";

const i18n = setupI18n({ locale: "en", messages: { en: {} } });
// The forms' commands name fields through the app's global i18n (lib/error-messages.ts).
globalI18n.loadAndActivate({ locale: "en", messages: {} });

/** Statuses the replayed changes alternate between, per type (no reasons attached). */
const TOGGLE: Record<number, [number, number]> = { 1: [998, 10], 2: [999, 5] };

let company = 0;
let template: Shipment | null = null;
/**
 * The series kind books in a company with repeats allowed (the demo's first company has none):
 * the user's BW Warehousing and one of its expeditions (client, hour).
 */
let seriesCompany = 0;
let seriesTemplate: Shipment | null = null;

function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

async function outboxEmpty(): Promise<void> {
  while ((await db.outbox.count()) > 0) await sleep(10);
}

/** `count` copies of a real expedition with ids and codes of their own. */
function syntheticRows(count: number): ShipmentRow[] {
  if (!template) throw new Error("signIn first");
  const base = template;
  const start = Date.parse(base.booked_date);
  return Array.from({ length: count }, (_, index) => ({
    ...base,
    id: 10_000_000 + index,
    code: `BENCH-${index}`,
    version: 1,
    booked_date: new Date(start + index * 60_000).toISOString(),
  }));
}

/** Signs in through the app's session module (tokens, user, company in localStorage). */
async function signIn(username: string, password: string): Promise<void> {
  await login(username, password);
  const author = currentAuthor();
  if (!author) throw new Error("no session after login");
  company = Number(author.company);
  const answer = await http.get<{ results: Shipment[] }>("api/expedition", {
    searchParams: { page_size: "1" },
  });
  template = answer.results[0] ?? null;
  if (!template) throw new Error("the demo company has no expedition");
  const bw = getSessionState().auth?.user.groups.find((group) => group.name === "BW Warehousing");
  if (!bw) throw new Error("the bench user is not in BW Warehousing");
  seriesCompany = bw.id;
  const bwLines = await http.get<{ results: Shipment[] }>("api/expedition", {
    searchParams: { page_size: "1" },
    company: String(bw.id),
  });
  seriesTemplate = bwLines.results[0] ?? null;
  if (!seriesTemplate?.client) throw new Error("BW Warehousing has no expedition with a client");
}

async function resetMirror(): Promise<void> {
  await db.transaction("rw", db.shipments, db.listPages, db.outbox, async () => {
    await db.shipments.clear();
    await db.listPages.clear();
    await db.outbox.clear();
  });
}

/** The app's list-answer writer (newer-version guard, queued-row guard, chunked bulkPut, ...). */
async function mirrorWriter(count: number): Promise<number> {
  const rows = syntheticRows(count);
  await resetMirror();
  const started = performance.now();
  await writeShipmentsPage(company, { type: 1, companyCode: null }, {}, 1, count, {
    count,
    results: rows as Shipment[],
  });
  return performance.now() - started;
}

/** Only the chunked bulkPut the writer uses, in one transaction of the app's database. */
async function mirrorBulkPut(count: number): Promise<number> {
  const rows = syntheticRows(count);
  await resetMirror();
  const started = performance.now();
  await db.transaction("rw", db.shipments, async () => {
    for (const chunk of chunks(rows)) await db.shipments.bulkPut(chunk);
  });
  return performance.now() - started;
}

function openRaw(name: string): Promise<IDBDatabase> {
  return new Promise((resolve, reject) => {
    const request = indexedDB.open(name, 1);
    request.onupgradeneeded = () => {
      // The shipments table of the app's schema: key id, indexes [company+type] and booked_date.
      const store = request.result.createObjectStore("shipments", { keyPath: "id" });
      store.createIndex("[company+type]", ["company", "type"]);
      store.createIndex("booked_date", "booked_date");
    };
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

/** Plain IndexedDB: the same rows in one transaction, put in the writer's chunks of 500. */
async function rawPut(count: number, durability: "default" | "strict"): Promise<number> {
  const rows = syntheticRows(count);
  const raw = await openRaw("bench-raw");
  await new Promise<void>((resolve, reject) => {
    const clear = raw.transaction("shipments", "readwrite").objectStore("shipments").clear();
    clear.onsuccess = () => resolve();
    clear.onerror = () => reject(clear.error);
  });
  const started = performance.now();
  await new Promise<void>((resolve, reject) => {
    const tx = raw.transaction("shipments", "readwrite", { durability });
    const store = tx.objectStore("shipments");
    tx.oncomplete = () => resolve();
    tx.onerror = () => reject(tx.error);
    const parts = chunks(rows);
    const next = (index: number) => {
      const part = parts[index];
      if (!part) return;
      let last: IDBRequest | null = null;
      for (const row of part) last = store.put(row);
      if (last) last.onsuccess = () => next(index + 1);
    };
    next(0);
  });
  const elapsed = performance.now() - started;
  raw.close();
  return elapsed;
}

/** Milliseconds of each of `samples` enqueue() calls of a status command (engine not started). */
async function enqueueLatency(samples: number, warmup = 20): Promise<number[]> {
  const author = currentAuthor();
  if (!author) throw new Error("signIn first");
  await resetMirror();
  const rows = syntheticRows(samples + warmup);
  await db.transaction("rw", db.shipments, async () => {
    for (const chunk of chunks(rows)) await db.shipments.bulkPut(chunk);
  });
  const times: number[] = [];
  for (const [index, row] of rows.entries()) {
    const command = statusCommand(row, 10, i18n);
    const started = performance.now();
    await enqueue(command, author);
    if (index >= warmup) times.push(performance.now() - started);
  }
  await resetMirror();
  return times;
}

/** Bytes of each photo the mixed measurements queue (a small compressed photo). */
const PHOTO_BYTES = 20 * 1024;
let mixedRun = 0;

/** How many kinds queueMixed cycles through. */
const MIXED_KINDS = 7;

/**
 * The mixed write kinds (issue 24), one per index: a status change, a truck created on the
 * device, a photo for the line (its bytes into the outbox), an expedition booked by the form
 * (a creation under its uid), an edit of the line by the form (its company notes, with base
 * values for the merge), a repeated expedition of 2 daily occurrences booked by the form in BW
 * Warehousing (one entry, its first occurrence shown; replayed, its lines enter the mirror),
 * and a status change again (the floor's most common write; next to the first kind's, so the
 * two may share a batch). `row` is the mirrored line the index works on.
 */
async function queueMixed(index: number, row: ShipmentRow): Promise<void> {
  const author = currentAuthor();
  if (!author) throw new Error("signIn first");
  const kind = index % MIXED_KINDS;
  const tag = `${mixedRun.toString(36)}${index.toString(36)}`.toUpperCase();
  if (kind === 1) {
    await queueTruckCreation(
      { plate: `BN${tag}`.slice(0, 12), name: `Bench ${tag}` },
      crypto.randomUUID(),
      company,
      author,
    );
    return;
  }
  if (kind === 2) {
    const photo = new File([new Uint8Array(PHOTO_BYTES).fill(index % 251)], `bench-${index}.jpg`, {
      type: "image/jpeg",
    });
    await enqueueUpload(row.id, photo, author);
    return;
  }
  if (kind === 3) {
    const client = template?.client;
    if (!client) throw new Error("the template expedition has no client");
    await queueShipmentCreation(
      1,
      crypto.randomUUID(),
      { booked_date: row.booked_date, client: client.id, code: `BENCH-NEW-${tag}` },
      { client },
      author,
    );
    return;
  }
  if (kind === 4) {
    await queueShipmentEdit(
      row,
      { company_notes: `Bench ${tag}` },
      { client: row.client, shipper: row.shipper },
      author,
    );
    return;
  }
  if (kind === 5) {
    const client = seriesTemplate?.client;
    if (!client) throw new Error("signIn first");
    const day = Date.parse(seriesTemplate?.booked_date ?? "") + (index % 500) * 3_600_000;
    await queueSeriesCreation(
      1,
      crypto.randomUUID(),
      {
        booked_date: new Date(day).toISOString(),
        client: client.id,
        code: `BENCH-SER-${tag}`,
      },
      "RRULE:FREQ=DAILY;COUNT=2",
      { client },
      { ...author, company: String(seriesCompany) },
    );
    return;
  }
  const [a, b] = TOGGLE[row.type] ?? [0, 0];
  await enqueue(statusCommand(row, row.status.id === a ? b : a, i18n), author);
}

/** enqueueLatency() for the mixed kinds (queueMixed). */
async function enqueueMixedLatency(samples: number, warmup = 20): Promise<number[]> {
  await resetMirror();
  mixedRun += 1;
  const rows = syntheticRows(samples + warmup);
  await db.transaction("rw", db.shipments, async () => {
    for (const chunk of chunks(rows)) await db.shipments.bulkPut(chunk);
  });
  const times: number[] = [];
  for (const [index, row] of rows.entries()) {
    const started = performance.now();
    await queueMixed(index, row);
    if (index >= warmup) times.push(performance.now() - started);
  }
  await db.trucks.where("id").below(0).delete();
  await resetMirror();
  return times;
}

let lines: Shipment[] = [];

/** Queues `count` writes of the mixed kinds round the mirrored lines (queueMixed). */
async function queueMixedChanges(count: number): Promise<void> {
  mixedRun += 1;
  for (let index = 0; index < count; index++) {
    const line = lines[index % lines.length];
    const row = line && (await db.shipments.get(line.id));
    if (!row) throw new Error("loadLines first");
    await queueMixed(index, row);
  }
}

/** Mirrors the company's real expeditions and receptions through the app's writer (online). */
async function loadLines(): Promise<number> {
  await resetMirror();
  lines = [];
  for (const type of [1, 2] as const) {
    const path = type === 1 ? "api/expedition" : "api/reception";
    const answer = await http.get<{ count: number; results: Shipment[] }>(path, {
      searchParams: { page_size: "1000" },
    });
    await writeShipmentsPage(company, { type, companyCode: null }, {}, 1, 1000, answer);
    lines.push(...answer.results);
  }
  return lines.length;
}

/** Queues `count` status changes round the mirrored lines, each toggling the line's status. */
async function queueChanges(count: number): Promise<void> {
  const author = currentAuthor();
  if (!author) throw new Error("signIn first");
  for (let index = 0; index < count; index++) {
    const line = lines[index % lines.length];
    const row = line && (await db.shipments.get(line.id));
    if (!row) throw new Error("loadLines first");
    const [a, b] = TOGGLE[row.type] ?? [0, 0];
    await enqueue(statusCommand(row, row.status.id === a ? b : a, i18n), author);
  }
}

/**
 * Starts the app's sync engine on the queued changes; ms until the outbox is empty, and how
 * much of it the requests took (the rest is the device: outbox reads, acknowledgements, lock).
 */
async function replayAll(): Promise<{
  ms: number;
  sendMs: number;
  sent: number;
  requests: number;
  refused: number;
}> {
  let sent = 0;
  let requests = 0;
  let refused = 0;
  let sendMs = 0;
  const unsubscribe = onRefusal(() => refused++);
  const timed =
    <Args extends unknown[], Result>(send: (...args: Args) => Promise<Result>) =>
    async (...args: Args): Promise<Result> => {
      const started = performance.now();
      requests += 1;
      try {
        return await send(...args);
      } finally {
        sendMs += performance.now() - started;
      }
    };
  const started = performance.now();
  const stop = startSyncEngine({
    send: timed(sendEntry),
    sendBatch: timed(sendBatch),
    onSent: () => sent++,
  });
  await outboxEmpty();
  const ms = performance.now() - started;
  stop();
  unsubscribe();
  return { ms, sendMs, sent, requests, refused };
}

let stopEngine: (() => void) | null = null;
let onlineAt: number | null = null;
const sentAt: number[] = [];
addEventListener("online", () => {
  onlineAt = Date.now();
});

/** Starts the engine as the app does (it then sends every change queued from now on). */
function startSync(): void {
  onlineAt = null;
  sentAt.length = 0;
  stopEngine ??= startSyncEngine({ onSent: () => sentAt.push(Date.now()) });
}

/** After the network came back and the queue emptied: when `online` fired, first send after. */
async function onlineOutcome(): Promise<{ onlineAt: number | null; firstSend: number | null }> {
  await outboxEmpty();
  const at = onlineAt;
  const firstSend = at === null ? null : (sentAt.find((time) => time >= at) ?? null);
  return { onlineAt: at, firstSend };
}

function stopSync(): void {
  stopEngine?.();
  stopEngine = null;
}

const api = {
  signIn,
  mirrorWriter,
  mirrorBulkPut,
  rawPut,
  enqueueLatency,
  enqueueMixedLatency,
  loadLines,
  queueChanges,
  queueMixedChanges,
  replayAll,
  startSync,
  onlineOutcome,
  stopSync,
  resetMirror,
};
export type OfflineBench = typeof api;
(globalThis as unknown as { offlineBench: OfflineBench }).offlineBench = api;
