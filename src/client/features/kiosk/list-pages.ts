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

/**
 * Whether the list in `root` has nothing to show, once it has loaded (`data-empty` "loading",
 * "true" or "false", set by the list pages): null while loading; false on a page without one
 * (indicators, alerts).
 */
export function listIsEmpty(root: ParentNode | null = globalThis.document ?? null): boolean | null {
  const list = root?.querySelector<HTMLElement>("[data-empty]");
  if (!list) return false;
  const empty = list.dataset.empty;
  return empty === "loading" ? null : empty === "true";
}

/** Waits (up to `limitMs`) for the list in the element `id` to load; whether it is empty. */
export function settledEmpty(id = "main", limitMs = 2_000): Promise<boolean> {
  return new Promise((resolve) => {
    const read = () => listIsEmpty(document.getElementById(id));
    const now = read();
    if (now !== null) return resolve(now);
    const observer = new MutationObserver(() => {
      const state = read();
      if (state === null) return;
      done(state);
    });
    const timer = setTimeout(() => done(read() ?? false), limitMs);
    const done = (state: boolean) => {
      observer.disconnect();
      clearTimeout(timer);
      resolve(state);
    };
    observer.observe(document.body, { subtree: true, attributes: true, childList: true });
  });
}
