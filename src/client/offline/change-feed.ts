import { type Changes, Changes as ChangesSchema } from "../../shared/contract/changes";
import { ApiError } from "../lib/errors";
import { http } from "../lib/http";
import { applyCriticalLineChanges, sweepCriticalLines } from "./critical-lines-mirror";
import { chunks, db } from "./db";
import { emptyFeedReport, type FeedReport, type RowChange } from "./list-refresh";
import { idsWithoutPendingChanges, unlessPending } from "./outbox";
import { newerThanMirror } from "./page-rules";

/**
 * The mirror's change feed (GET api/changes; server side in src/server/README.md). The first
 * pull of a company is a full run: every truck and the working window's shipments; then each
 * pull brings what changed since the stored cursor, and deletions. Each answer is written in
 * one transaction with the cursor, so a pull cut short resumes where it stopped.
 *
 * - A row with a queued change (outbox) is never overwritten nor deleted by the feed: the
 *   replayer settles it. A mirrored row with a higher version (a save that raced) is kept.
 * - When the server's window has moved on (a new UTC day), a full run starts again: rows that
 *   entered the window arrive, and at its end mirrored window rows it did not list (deleted
 *   meanwhile, or no longer visible) are removed, as are the company's trucks it did not list
 *   and shipments outside the window that no list page shows (the mirror does not grow
 *   forever). That sweep runs only when the whole full run happened in one pull.
 */
export const cursorKey = (company: number) => `changes-cursor:${company}`;

interface FeedState {
  cursor: string;
  /** The window (ISO from) the cursor's changes are filtered by. */
  windowFrom: string;
}

/** Pages per pull at most: a runaway server answer must not loop forever. */
const MAX_PAGES = 10_000;

async function readState(company: number): Promise<FeedState | undefined> {
  const row = await db.meta.get(cursorKey(company));
  const value = row?.value as Partial<FeedState> | undefined;
  return typeof value?.cursor === "string" && typeof value.windowFrom === "string"
    ? { cursor: value.cursor, windowFrom: value.windowFrom }
    : undefined;
}

/** Ids a full run listed, for the sweep at its end. */
interface Seen {
  trucks: Set<number>;
  shipments: Set<number>;
  /** Critical lines (issue 14); the sweep skips them when the feed did not carry any member. */
  criticalLines?: Set<number>;
}

/** After a complete full run: what the mirror holds that the run proved gone or stale. */
async function sweep(company: number, answer: Changes, seen: Seen): Promise<void> {
  const { from, until } = answer.window;
  const trucks = await db.trucks.where("company").equals(company).primaryKeys();
  // Negative ids are trucks signed up on this device, not on the server yet.
  const goneTrucks = trucks.filter((id) => id > 0 && !seen.trucks.has(id));
  await db.trucks.bulkDelete(await idsWithoutPendingChanges("shipper", goneTrucks));

  const shown = new Set<number>();
  await db.listPages
    .where("[company+resource]")
    .between([company, ""], [company, "\uffff"])
    .each((page) => {
      for (const id of page.ids) shown.add(id);
    });
  const mirrored = await db.shipments
    .where("[company+type]")
    .between([company, 0], [company, 99])
    .toArray();
  const gone = mirrored
    .filter((row) => {
      // Negative ids are lines planned on this device, not on the server yet.
      if (row.id < 0) return false;
      const inWindow = row.booked_date >= from && row.booked_date < until;
      return inWindow ? !seen.shipments.has(row.id) : !shown.has(row.id);
    })
    .map((row) => row.id);
  await db.shipments.bulkDelete(await idsWithoutPendingChanges("shipment", gone));
  if (seen.criticalLines) await sweepCriticalLines(company, seen.criticalLines);
}

/** Each row of an answer as the mirror held it (read before the answer is written) and as it is now. */
async function rowChanges<Row extends { id: number }>(
  table: { bulkGet(ids: number[]): PromiseLike<(Row | undefined)[]> },
  rows: readonly Row[],
  deleted: readonly number[],
  into: RowChange<Row>[],
): Promise<void> {
  if (rows.length === 0 && deleted.length === 0) return;
  const before = await table.bulkGet([...rows.map((row) => row.id), ...deleted]);
  rows.forEach((after, index) => {
    const old = before[index];
    into.push(old ? { id: after.id, before: old, after } : { id: after.id, after });
  });
  deleted.forEach((id, index) => {
    const old = before[rows.length + index];
    into.push(old ? { id, before: old } : { id });
  });
}

/**
 * One answer into the mirror, with its cursor, in one transaction; what it changed goes into
 * `report` (open lists judge from it whether their page moved: offline/list-refresh.ts).
 */
async function applyAnswer(
  company: number,
  answer: Changes,
  sweepWith: Seen | null,
  report: FeedReport,
): Promise<void> {
  await db.transaction(
    "rw",
    [db.trucks, db.shipments, db.criticalLines, db.outbox, db.meta, db.listPages],
    async () => {
      await rowChanges(db.trucks, answer.shippers, answer.deleted.shippers, report.shippers);
      await rowChanges(db.shipments, answer.shipments, answer.deleted.shipments, report.shipments);
      await rowChanges(
        db.criticalLines,
        answer.critical_lines ?? [],
        answer.deleted.critical_lines ?? [],
        report.critical_lines,
      );
      const trucks = await unlessPending(
        "shipper",
        await newerThanMirror(db.trucks, answer.shippers),
      );
      for (const chunk of chunks(trucks)) await db.trucks.bulkPut(chunk);
      const lines = await unlessPending(
        "shipment",
        await newerThanMirror(db.shipments, answer.shipments),
      );
      for (const chunk of chunks(lines)) await db.shipments.bulkPut(chunk);
      await db.trucks.bulkDelete(
        await idsWithoutPendingChanges("shipper", answer.deleted.shippers),
      );
      await db.shipments.bulkDelete(
        await idsWithoutPendingChanges("shipment", answer.deleted.shipments),
      );
      await applyCriticalLineChanges(answer.critical_lines, answer.deleted.critical_lines);
      if (sweepWith) await sweep(company, answer, sweepWith);
      const state: FeedState = { cursor: answer.cursor, windowFrom: answer.window.from };
      await db.meta.put({ key: cursorKey(company), value: state });
    },
  );
}

export interface PullResult {
  /** Answers read. */
  pages: number;
  /** Rows written or removed (before the outbox and version guards). */
  changes: number;
  /** A full run was read (rows may have been swept): open lists cannot judge from `report`. */
  full: boolean;
  /** What the answers brought, each row before and after (offline/list-refresh.ts). */
  report: FeedReport;
}

const sizeOf = (answer: Changes) =>
  answer.shippers.length +
  answer.shipments.length +
  answer.deleted.shippers.length +
  answer.deleted.shipments.length;

/**
 * Pulls the company's changes until the feed has no more, writing each answer into the
 * mirror. Throws what http throws (NetworkError, OfflineError, ApiError); a cursor the server
 * refuses (400) is forgotten so the next pull starts a full run.
 */
export async function pullChanges(
  company: number,
  { signal }: { signal?: AbortSignal } = {},
): Promise<PullResult> {
  const state = await readState(company);
  let since = state?.cursor;
  let windowFrom = state?.windowFrom;
  let seen: Seen | null = since === undefined ? { trucks: new Set(), shipments: new Set() } : null;
  const result: PullResult = { pages: 0, changes: 0, full: false, report: emptyFeedReport() };
  while (result.pages < MAX_PAGES) {
    let answer: Changes;
    try {
      const body = await http.get<unknown>("api/changes", {
        searchParams: since === undefined ? {} : { since },
        company: String(company),
        ...(signal ? { signal } : {}),
      });
      answer = ChangesSchema.parse(body);
    } catch (error) {
      if (since !== undefined && error instanceof ApiError && error.status === 400)
        await db.meta.delete(cursorKey(company));
      throw error;
    }
    result.pages += 1;
    result.changes += sizeOf(answer);
    if (seen) {
      for (const row of answer.shippers) seen.trucks.add(row.id);
      for (const row of answer.shipments) seen.shipments.add(row.id);
      if (answer.critical_lines) {
        seen.criticalLines ??= new Set();
        for (const row of answer.critical_lines) seen.criticalLines.add(row.id);
      }
    }
    const runComplete = answer.full && !answer.more;
    if (answer.full) result.full = true;
    await applyAnswer(company, answer, runComplete ? seen : null, result.report);
    since = answer.cursor;
    if (answer.more || answer.full) continue;
    // A changes run is done. The window moved since the cursor was taken: a new full run.
    if (windowFrom !== undefined && windowFrom !== answer.window.from) {
      since = undefined;
      seen = { trucks: new Set(), shipments: new Set() };
      windowFrom = undefined;
      continue;
    }
    break;
  }
  return result;
}
