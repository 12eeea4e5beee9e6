import type { EntityTable, IDType } from "dexie";
import { chunks, db, type OutboxEntity } from "./db";
import { listPageKey, putListPage, recordSync } from "./list-pages";
import { idsWithoutPendingChanges, unlessPending } from "./outbox";
import { goneOnPage, type ListAnswer, newerThanRows } from "./page-rules";

/** How one mirrored list stores its answers: the table, its rows and its order. */
export interface MirroredList<Row extends { id: number; version: number }> {
  entity: OutboxEntity;
  table: EntityTable<Row, "id">;
  /** The mirrored rows this list's answers cover (a company's, or a company's of one type). */
  rows: () => Promise<Row[]>;
  matches: (row: Row) => boolean;
  compare: (a: Row, b: Row) => number;
}

/** Where one answer belongs: page key parts and its page. */
export interface ListAnswerPlace {
  company: number;
  resource: string;
  filters: object;
  page: number;
  pageSize: number;
  now: number;
}

/**
 * Writes one list answer into the mirror, in one transaction: the rows (in chunks, unless the
 * mirror holds a newer version or a queued change), the removal of rows the page proves gone
 * (never one with a queued change), the page record and the list's last sync time.
 */
export async function storeListAnswer<Row extends { id: number; version: number }>(
  list: MirroredList<Row>,
  place: ListAnswerPlace,
  answer: ListAnswer<Row>,
): Promise<void> {
  const { company, resource, filters, page, pageSize, now } = place;
  await db.transaction("rw", list.table, db.listPages, db.meta, db.outbox, async () => {
    // One read of the list's mirrored rows serves both the version guard and the gone-row
    // check: big answers cost one read.
    const byId = new Map((await list.rows()).map((row) => [row.id, row]));
    const fresh = await unlessPending(list.entity, newerThanRows(byId, answer.results));
    for (const chunk of chunks(fresh)) await list.table.bulkPut(chunk);
    for (const row of fresh) byId.set(row.id, row);
    const candidates = [...byId.values()].filter(list.matches).sort(list.compare);
    const gone = goneOnPage(candidates, answer, page, pageSize, list.compare);
    const removable = await idsWithoutPendingChanges(list.entity, gone);
    // Row["id"] is a number; Dexie's generic key type cannot see it through Row.
    if (removable.length > 0) await list.table.bulkDelete(removable as IDType<Row, "id">[]);
    await putListPage({
      key: listPageKey(company, resource, filters, page),
      company,
      resource,
      ids: answer.results.map((row) => row.id),
      count: answer.count,
      fetchedAt: now,
    });
    await recordSync(company, resource, now);
  });
}
