/**
 * How a kiosk learns a list's pages: the list root on screen carries `data-page` and
 * `data-page-count` (features/shipments and features/trucks set them). Read at every tick, so
 * a line added meanwhile adds its page to the next pass.
 */
export const PAGE_COUNT_SELECTOR = "[data-page-count]";

/** The page count of the list in `root`; null when no list there reports one. */
export function listPageCount(
  root: ParentNode | null = globalThis.document ?? null,
): number | null {
  const list = root?.querySelector<HTMLElement>(PAGE_COUNT_SELECTOR);
  if (!list) return null;
  const count = Number(list.dataset.pageCount);
  return Number.isInteger(count) && count >= 0 ? count : null;
}
