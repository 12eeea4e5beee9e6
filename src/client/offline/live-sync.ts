import { isTransient } from "../lib/errors";
import { pullChanges } from "./change-feed";
import { requestListRefresh } from "./list-refresh";
import { startLiveEvents } from "./live-events";
import { refreshIntervalMs, setLiveFlowing, startPolling } from "./live-state";

export interface LiveSyncDeps {
  pull: typeof pullChanges;
  startEvents: typeof startLiveEvents;
  /**
   * Pull this often while live events do not flow (REFRESH_INTERVAL), at most every 60 s
   * while they do (offline/live-state.ts): the feed is the truth, events only make it sooner.
   */
  periodMs: number;
}

/**
 * Keeps one company's mirror current: pulls the change feed now, periodically, when the
 * network returns, when the live-events stream (re)opens, and on each change event, which
 * also makes open lists fetch their page again. Pulls never overlap: requests that arrive
 * while one runs make one more pull after it. Returns the stop function.
 */
export function startLiveSync(company: number, overrides: Partial<LiveSyncDeps> = {}): () => void {
  const deps: LiveSyncDeps = {
    pull: pullChanges,
    startEvents: startLiveEvents,
    periodMs: refreshIntervalMs(),
    ...overrides,
  };
  const controller = new AbortController();
  let running = false;
  let again = false;
  let refreshLists = false;
  let lastPull = 0;

  const sync = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const refresh = refreshLists;
        refreshLists = false;
        lastPull = Date.now();
        try {
          await deps.pull(company, { signal: controller.signal });
        } catch (error) {
          if (!controller.signal.aborted && !isTransient(error)) {
            console.error("Pulling the change feed failed", error);
          }
        }
        if (refresh && !controller.signal.aborted) requestListRefresh();
      } while (again && !controller.signal.aborted);
    } finally {
      running = false;
    }
  };

  const handleOnline = () => void sync();
  void sync();
  const stopPolling = startPolling(
    deps.periodMs,
    () => lastPull,
    () => void sync(),
  );
  window.addEventListener("online", handleOnline);
  const stopEvents = deps.startEvents({
    company,
    onOpen: () => {
      setLiveFlowing(true);
      void sync();
    },
    onClose: () => setLiveFlowing(false),
    onChange: () => {
      refreshLists = true;
      void sync();
    },
  });
  return () => {
    controller.abort();
    stopPolling();
    window.removeEventListener("online", handleOnline);
    stopEvents();
    setLiveFlowing(false);
  };
}
