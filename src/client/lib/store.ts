/**
 * The one module that imports jotai (STYLE.md: Jotai only for UI state, behind one module).
 * Saved data lives in Dexie and list filters in the URL; here live only transient UI state:
 * notices, the service-worker update offer, the install prompt and the network dot.
 */
import { atom, createStore, Provider, useAtomValue, useSetAtom } from "jotai";

export const appStore = createStore();
export { Provider as StoreProvider, useAtomValue, useSetAtom };

export type NoticeKind = "error" | "warning" | "success" | "info";

export interface Notice {
  id: number;
  kind: NoticeKind;
  title: string;
  /** Lines of text (field lists give one line per message). */
  lines: string[];
  durationMs: number;
}

export const noticesAtom = atom<Notice[]>([]);

/** Set when a new service worker waits; calling it activates the worker and reloads. */
export const updateAvailableAtom = atom<(() => Promise<void>) | null>(null);

/** The deferred beforeinstallprompt event, or null when the app cannot be installed now. */
export interface InstallPromptEvent extends Event {
  prompt: () => Promise<void>;
  userChoice: Promise<{ outcome: "accepted" | "dismissed" }>;
}
export const installPromptAtom = atom<InstallPromptEvent | null>(null);

export const onlineAtom = atom<boolean>(typeof navigator === "undefined" ? true : navigator.onLine);
