/** An API list answer. */
export interface ListAnswer<Row> {
  count: number;
  results: Row[];
}

/** A page computed on the device from mirrored rows. */
export interface LocalPage<Row> {
  count: number;
  rows: Row[];
}

/** Page `page` (from 1) of rows already filtered and sorted. */
export function slicePage<Row>(
  rows: readonly Row[],
  page: number,
  pageSize: number,
): LocalPage<Row> {
  const start = (Math.max(1, page) - 1) * pageSize;
  return { count: rows.length, rows: rows.slice(start, start + pageSize) };
}

/**
 * Ids of mirrored rows the answer proves gone: they match the filters (`candidates`) and sort
 * within the span the page covers (from its first to its last row; from the top on page 1, to
 * the end on the last page), yet the server did not list them. Deleted on the server, or
 * changed so that they no longer belong there (they come back with the page they now belong
 * to). A row that falls between two pages is judged only once the pages move; the change feed
 * of a later issue removes such leftovers.
 */
export function goneOnPage<Row extends { id: number }>(
  candidates: readonly Row[],
  answer: ListAnswer<Row>,
  page: number,
  pageSize: number,
  compare: (a: Row, b: Row) => number,
): number[] {
  const first = answer.results[0];
  const last = answer.results.at(-1);
  // An empty page past the end proves nothing about the rows before it.
  if (!first && page > 1) return [];
  const isLastPage = answer.results.length < pageSize || page * pageSize >= answer.count;
  const listed = new Set(answer.results.map((row) => row.id));
  return candidates
    .filter(
      (row) =>
        // Negative ids are rows created on the device and not on the server yet.
        row.id > 0 &&
        !listed.has(row.id) &&
        (page === 1 || !first || compare(row, first) >= 0) &&
        (isLastPage || !last || compare(row, last) <= 0),
    )
    .map((row) => row.id);
}

/** Rows to store: a mirrored row with a newer version (a write that raced the list) stays. */
export async function newerThanMirror<Row extends { id: number; version: number }>(
  table: { bulkGet(ids: number[]): PromiseLike<(Row | undefined)[]> },
  rows: readonly Row[],
): Promise<Row[]> {
  const existing = await table.bulkGet(rows.map((row) => row.id));
  return rows.filter((row, index) => isNotOlder(row, existing[index]));
}

/** newerThanMirror, for a writer that has already read the mirrored rows (by id). */
export function newerThanRows<Row extends { id: number; version: number }>(
  mirrored: ReadonlyMap<number, Row>,
  rows: readonly Row[],
): Row[] {
  return rows.filter((row) => isNotOlder(row, mirrored.get(row.id)));
}

function isNotOlder(row: { version: number }, old: { version: number } | undefined): boolean {
  return !old || old.version <= row.version;
}
