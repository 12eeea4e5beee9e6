import { useLiveQuery } from "dexie-react-hooks";

/**
 * A read of the device's mirror (IndexedDB through Dexie) that renders again whenever the
 * tables it read change. `undefined` (or `initial`) until the first answer. Floor lists use
 * offline/use-mirrored-list.ts, which builds on it.
 */
export function useMirrorQuery<T>(
  query: () => Promise<T> | T,
  deps: readonly unknown[],
): T | undefined;
export function useMirrorQuery<T, D>(
  query: () => Promise<T> | T,
  deps: readonly unknown[],
  initial: D,
): T | D;
export function useMirrorQuery<T, D>(
  query: () => Promise<T> | T,
  deps: readonly unknown[],
  initial?: D,
): T | D | undefined {
  return useLiveQuery(query, [...deps], initial);
}
