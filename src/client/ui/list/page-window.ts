/** Pages shown on each side of the current one (spec: up to two). */
export const PAGE_WINDOW_RADIUS = 2;

/** Number of pages for `count` items, at least 1 so an empty list still has page 1. */
export function pageCountOf(count: number, pageSize: number): number {
  if (!Number.isFinite(count) || count <= 0 || pageSize <= 0) return 1;
  return Math.ceil(count / pageSize);
}

/**
 * The page numbers the pager offers: the current page plus up to `radius` pages on each side,
 * within 1..pageCount. A current page out of range is clamped first.
 */
export function pageWindow(
  current: number,
  pageCount: number,
  radius: number = PAGE_WINDOW_RADIUS,
): number[] {
  if (pageCount < 1) return [];
  const page = Math.min(Math.max(1, Math.trunc(current) || 1), pageCount);
  const first = Math.max(1, page - radius);
  const last = Math.min(pageCount, page + radius);
  return Array.from({ length: last - first + 1 }, (_, index) => first + index);
}

/**
 * The page holding item `index` (from 0) of `count` items, within 1..pageCount: an index past
 * the end gives the last page (a fork-lift's list late in the day: every line already due).
 */
export function pageHolding(index: number, count: number, pageSize: number): number {
  if (pageSize <= 0 || !Number.isFinite(index)) return 1;
  const page = Math.floor(Math.max(0, index) / pageSize) + 1;
  return Math.min(page, pageCountOf(count, pageSize));
}
