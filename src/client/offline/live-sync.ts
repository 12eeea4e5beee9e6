import { LIST_RELOAD_MS } from "../../shared/constants";
import { isTransient } from "../lib/errors";
import { pullChanges } from "./change-feed";
import { requestListRefresh } from "./list-refresh";
import { startLiveEvents } from "./live-events";

export interface LiveSyncDeps {
  pull: typeof pullChanges;
  startEvents: typeof startLiveEvents;
  /** Pull at least this often (the feed is the truth; events only make it sooner). */
  periodMs: number;
}

/**
 * Keeps one company's mirror current: pulls the change feed now, every periodMs, when the
 * network returns, when the live-events stream (re)opens, and on each change event, which
 * also makes open lists fetch their page again. Pulls never overlap: requests that arrive
 * while one runs make one more pull after it. Returns the stop function.
 */
export function startLiveSync(company: number, overrides: Partial<LiveSyncDeps> = {}): () => void {
  const deps: LiveSyncDeps = {
    pull: pullChanges,
    startEvents: startLiveEvents,
    periodMs: LIST_RELOAD_MS,
    ...overrides,
  };
  const controller = new AbortController();
  let running = false;
  let again = false;
  let refreshLists = false;

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
  const timer = setInterval(() => void sync(), deps.periodMs);
  window.addEventListener("online", handleOnline);
  const stopEvents = deps.startEvents({
    company,
    onOpen: () => void sync(),
    onChange: () => {
      refreshLists = true;
      void sync();
    },
  });
  return () => {
    controller.abort();
    clearInterval(timer);
    window.removeEventListener("online", handleOnline);
    stopEvents();
  };
}
