import { db, type ListPageRow } from "./db";

/** Page records older than this are dropped when new pages are written. */
export const LIST_PAGE_MAX_AGE_MS = 14 * 24 * 3_600_000;

/** Filters in a canonical form: sorted keys, empty values left out. */
export function canonicalFilters(filters: object): [string, unknown][] {
  return Object.entries(filters)
    .filter(([, value]) => value !== undefined && value !== null && value !== "")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}

/** Key of one list page: company + resource + filters + page. */
export function listPageKey(
  company: number,
  resource: string,
  filters: object,
  page: number,
): string {
  return JSON.stringify([company, resource, canonicalFilters(filters), page]);
}

const lastSyncKey = (company: number, resource: string) => `lastSync:${company}:${resource}`;

/** When the company's list of `resource` last answered (epoch ms), or null. */
export async function readLastSync(company: number, resource: string): Promise<number | null> {
  const row = await db.meta.get(lastSyncKey(company, resource));
  return typeof row?.value === "number" ? row.value : null;
}

/** Call inside a transaction over meta. */
export function recordSync(company: number, resource: string, at: number): Promise<string> {
  return db.meta.put({ key: lastSyncKey(company, resource), value: at });
}

/** Call inside a transaction over listPages. */
export function putListPage(row: ListPageRow): Promise<string> {
  return db.listPages.put(row);
}

export function readListPage(key: string): Promise<ListPageRow | undefined> {
  return db.listPages.get(key);
}

/** Drops page records nobody has refreshed for LIST_PAGE_MAX_AGE_MS. */
export function pruneListPages(now: number = Date.now()): Promise<number> {
  return db.listPages
    .where("fetchedAt")
    .below(now - LIST_PAGE_MAX_AGE_MS)
    .delete();
}
