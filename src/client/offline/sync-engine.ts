import { getSessionState, subscribeSession } from "../lib/session/session-store";
import { readStored } from "../lib/storage";
import type { SyncIssueRow } from "./db";
import { type Author, setEnqueueListener } from "./outbox";
import { batchChangeOf, readCurrent, sendBatch, sendEntry, whoChanged } from "./replay-transport";
import { Replayer, type ReplayerDeps, type ReplaySession } from "./replayer";

/** Pass over the queue at least this often, whatever else happens. */
export const HEARTBEAT_MS = 30_000;
const LOCK_NAME = "yardline-outbox";
const CHANNEL_NAME = "yardline-outbox";

/** The signed-in user, as queued changes are made and sent. */
export function currentAuthor(): Author | null {
  const user = getSessionState().auth?.user;
  const company = readStored("company");
  if (!user || !company) return null;
  return { userId: user.id, username: user.username, company };
}

function currentSession(): ReplaySession | null {
  const user = getSessionState().auth?.user;
  const jwt = readStored("jwt");
  return user && jwt ? { userId: user.id, jwt } : null;
}

/**
 * The device-wide replay lock: one Web Locks request per pass (waiting, never probing first),
 * so exactly one tab sends at a time and a tab that closes mid-pass hands over at once. Without
 * Web Locks (old browsers, jsdom) a promise chain serialises the passes of this tab.
 */
let localChain: Promise<void> = Promise.resolve();
export function withDeviceLock(task: () => Promise<void>): Promise<void> {
  if (typeof navigator !== "undefined" && navigator.locks)
    return navigator.locks.request(LOCK_NAME, task);
  const run = localChain.then(task);
  localChain = run.catch(() => {});
  return run;
}

const refusalListeners = new Set<(issue: SyncIssueRow) => void>();

/** Called for every change the server refused (the shell shows "Error saving"). */
export function onRefusal(listener: (issue: SyncIssueRow) => void): () => void {
  refusalListeners.add(listener);
  return () => refusalListeners.delete(listener);
}

let running: Replayer | null = null;

/** Wakes the replayer (after a sync issue is re-applied, or from the service worker). */
export function kickSync(): void {
  running?.kick();
}

/**
 * Starts this tab's replayer and its triggers: now, on every enqueue (here or in another tab),
 * when the network returns, when the tab becomes visible, when the session changes (a user
 * signs in again after a 401), on a heartbeat, and when the service worker's Background Sync
 * fires. Returns the stop function.
 */
export function startSyncEngine(overrides: Partial<ReplayerDeps> = {}): () => void {
  const replayer = new Replayer({
    send: sendEntry,
    sendBatch,
    batchable: (entry) => batchChangeOf(entry) !== null,
    readCurrent,
    whoChanged,
    session: currentSession,
    withLock: withDeviceLock,
    onRefused: (issue) => {
      for (const listener of refusalListeners) listener(issue);
    },
    ...overrides,
  });
  running = replayer;
  const channel =
    typeof BroadcastChannel === "undefined" ? null : new BroadcastChannel(CHANNEL_NAME);
  const kick = () => replayer.kick();
  const handleVisibility = () => {
    if (document.visibilityState === "visible") kick();
  };
  const handleOnline = () => replayer.networkBack();
  const handleWorkerMessage = (event: MessageEvent) => {
    if (event.data === "yardline-replay") replayer.networkBack();
  };
  setEnqueueListener(() => {
    kick();
    channel?.postMessage("kick");
    void askBackgroundSync();
  });
  channel?.addEventListener("message", kick);
  window.addEventListener("online", handleOnline);
  document.addEventListener("visibilitychange", handleVisibility);
  navigator.serviceWorker?.addEventListener("message", handleWorkerMessage);
  const unsubscribe = subscribeSession(kick);
  const heartbeat = setInterval(kick, HEARTBEAT_MS);
  kick();
  return () => {
    replayer.stop();
    if (running === replayer) running = null;
    setEnqueueListener(() => {});
    channel?.close();
    window.removeEventListener("online", handleOnline);
    document.removeEventListener("visibilitychange", handleVisibility);
    navigator.serviceWorker?.removeEventListener("message", handleWorkerMessage);
    unsubscribe();
    clearInterval(heartbeat);
  };
}

interface SyncManagerRegistration extends ServiceWorkerRegistration {
  sync?: { register: (tag: string) => Promise<void> };
}

/** Where the browser has Background Sync, the service worker wakes the replayer later. */
async function askBackgroundSync(): Promise<void> {
  try {
    const registration = (await navigator.serviceWorker?.getRegistration()) as
      | SyncManagerRegistration
      | undefined;
    await registration?.sync?.register(CHANNEL_NAME);
  } catch {
    // Not supported or not allowed: the other triggers cover it.
  }
}
