import { DateTime } from "luxon";
import type { CriticalLine } from "../../shared/contract/critical-lines";
import { type CriticalLineRow, chunks, db } from "./db";
import { storeListAnswer } from "./list-answer";
import { idsWithoutPendingChanges, unlessPending } from "./outbox";
import { type ListAnswer, type LocalPage, newerThanMirror, slicePage } from "./page-rules";

/** Resource name of the critical lines list in page keys and sync times. */
export const CRITICAL_LINES_RESOURCE = "critical-line";

/** The list filters as the URL keeps them; dates are local days (YYYY-MM-DD). */
export interface CriticalLineListFilters {
  date_after?: string;
  date_before?: string;
  line?: string;
  cause?: string;
  product?: string;
  provider?: string;
  client_name?: string;
}

const TEXT_FILTERS = ["line", "cause", "product", "provider", "client_name"] as const;

/** The server's order: earliest start first, then id. */
export function compareCriticalLines(a: CriticalLineRow, b: CriticalLineRow): number {
  const ta = Date.parse(a.init_date);
  const tb = Date.parse(b.init_date);
  return ta !== tb ? ta - tb : a.id - b.id;
}

/** The API's filters: overlap with the day range, texts contain (case-insensitive). */
export function criticalLineMatcher(
  filters: CriticalLineListFilters,
): (row: CriticalLineRow) => boolean {
  const after = filters.date_after ? DateTime.fromISO(filters.date_after).startOf("day") : null;
  const before = filters.date_before
    ? DateTime.fromISO(filters.date_before).startOf("day").plus({ days: 1 })
    : null;
  const from = after?.isValid ? after.toMillis() : undefined;
  const until = before?.isValid ? before.toMillis() : undefined;
  const texts = TEXT_FILTERS.flatMap((field) => {
    const value = filters[field]?.trim().toLocaleLowerCase();
    return value ? [[field, value] as const] : [];
  });
  return (row) => {
    if (from !== undefined && Date.parse(row.end_date) < from) return false;
    if (until !== undefined && Date.parse(row.init_date) >= until) return false;
    return texts.every(([field, value]) => row[field].toLocaleLowerCase().includes(value));
  };
}

function companyRows(company: number): Promise<CriticalLineRow[]> {
  return db.criticalLines.where("company").equals(company).toArray();
}

/** The page computed on the device from the company's mirrored lines (offline). */
export async function readLocalCriticalLinesPage(
  company: number,
  filters: CriticalLineListFilters,
  page: number,
  pageSize: number,
): Promise<LocalPage<CriticalLineRow>> {
  const rows = (await companyRows(company))
    .filter(criticalLineMatcher(filters))
    .sort(compareCriticalLines);
  return slicePage(rows, page, pageSize);
}

export async function readCriticalLines(ids: readonly number[]): Promise<CriticalLineRow[]> {
  const rows = await db.criticalLines.bulkGet([...ids]);
  return rows.filter((row): row is CriticalLineRow => row !== undefined);
}

/** One list answer into the mirror, with the rows it proves gone, in one transaction. */
export async function writeCriticalLinesPage(
  company: number,
  filters: CriticalLineListFilters,
  page: number,
  pageSize: number,
  answer: ListAnswer<CriticalLine>,
  now: number = Date.now(),
  resource: string = CRITICAL_LINES_RESOURCE,
): Promise<void> {
  await storeListAnswer(
    {
      entity: "critical_line",
      table: db.criticalLines,
      rows: () => companyRows(company),
      matches: criticalLineMatcher(filters),
      compare: compareCriticalLines,
    },
    { company, resource, filters, page, pageSize, now },
    answer,
  );
}

/** Stores one line the API answered with (read, create, update), unless the mirror is newer. */
export async function putCriticalLine(row: CriticalLine): Promise<void> {
  await db.transaction("rw", db.criticalLines, async () => {
    const [fresh] = await newerThanMirror(db.criticalLines, [row]);
    if (fresh) await db.criticalLines.put(fresh);
  });
}

export function getMirroredCriticalLine(id: number): Promise<CriticalLineRow | undefined> {
  return db.criticalLines.get(id);
}

export async function removeCriticalLine(id: number): Promise<void> {
  await db.criticalLines.delete(id);
}

/**
 * The change feed's critical lines (offline/change-feed.ts), inside its transaction (which
 * holds the outbox): rows unless the mirror holds a newer version or a queued change waits
 * on the row, then deletions (the replayer settles rows with queued changes).
 */
export async function applyCriticalLineChanges(
  rows: readonly CriticalLine[] | undefined,
  deleted: readonly number[] | undefined,
): Promise<void> {
  if (rows?.length) {
    const fresh = await unlessPending(
      "critical_line",
      await newerThanMirror(db.criticalLines, rows),
    );
    for (const chunk of chunks(fresh)) await db.criticalLines.bulkPut(chunk);
  }
  if (deleted?.length) {
    await db.criticalLines.bulkDelete(await idsWithoutPendingChanges("critical_line", deleted));
  }
}

/** After a complete full run: the company's mirrored lines it did not list are gone. */
export async function sweepCriticalLines(company: number, seen: ReadonlySet<number>) {
  const ids = await db.criticalLines.where("company").equals(company).primaryKeys();
  // Negative ids are lines created on this device, not on the server yet.
  const gone = ids.filter((id) => id > 0 && !seen.has(id));
  const removable = await idsWithoutPendingChanges("critical_line", gone);
  if (removable.length > 0) await db.criticalLines.bulkDelete(removable);
}

/** Lines created on this device and not on the server yet that match the filters. */
export async function readCreatedCriticalLines(
  company: number,
  filters: CriticalLineListFilters,
): Promise<CriticalLineRow[]> {
  const rows = await db.criticalLines.where("company").equals(company).toArray();
  return rows
    .filter((row) => row.id < 0)
    .filter(criticalLineMatcher(filters))
    .sort(compareCriticalLines);
}
