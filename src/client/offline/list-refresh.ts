/**
 * "The server's data changed": open lists fetch their page again (their id order and count
 * may have moved, which the change feed alone cannot tell a list page). Raised by the live
 * sync after a change event; use-mirrored-list listens. In-memory, per tab.
 */
const listeners = new Set<() => void>();

export function onListRefresh(listener: () => void): () => void {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export function requestListRefresh(): void {
  for (const listener of [...listeners]) listener();
}
