/** The document a full reload needs: every navigation is answered with the precached shell. */
export const SHELL_URL = "/index.html";

/**
 * Whether the service worker has the app shell cached, so a full reload cannot end on the
 * browser's offline page. Workbox keys precached files with a revision query, hence
 * ignoreSearch. No Cache Storage (dev, no service worker) or any failure: not cached.
 */
export async function isShellCached(
  cacheStorage: Pick<CacheStorage, "match"> | undefined = globalThis.caches,
): Promise<boolean> {
  if (!cacheStorage) return false;
  try {
    return (await cacheStorage.match(SHELL_URL, { ignoreSearch: true })) !== undefined;
  } catch {
    return false;
  }
}
