import type { LiveChange } from "../../shared/contract/changes";
import { isTransient } from "../lib/errors";
import { type PullResult, pullChanges } from "./change-feed";
import { changeKey, listNotice, requestListRefresh } from "./list-refresh";
import { startLiveEvents } from "./live-events";
import { refreshIntervalMs, setLiveFlowing, startPolling } from "./live-state";
import { CHANGE_DEBOUNCE_MS, CHANGE_MIN_GAP_MS, createPullSchedule } from "./pull-schedule";

export interface LiveSyncDeps {
  pull: typeof pullChanges;
  startEvents: typeof startLiveEvents;
  /**
   * Pull this often while live events do not flow (REFRESH_INTERVAL), at most every 60 s
   * while they do (offline/live-state.ts): the feed is the truth, events only make it sooner.
   */
  periodMs: number;
  /** How long a change event waits for more before the pull (offline/pull-schedule.ts). */
  debounceMs: number;
  /** Change-event pulls start at least this far apart (offline/pull-schedule.ts). */
  minGapMs: number;
}

/**
 * Keeps one company's mirror current: pulls the change feed now, periodically, when the
 * network returns, when the live-events stream (re)opens, and after each burst of change
 * events (offline/pull-schedule.ts: pulls never overlap, a burst costs one pull). After a pull,
 * open lists are told what it changed (listNotice). Returns the stop function.
 */
export function startLiveSync(company: number, overrides: Partial<LiveSyncDeps> = {}): () => void {
  const deps: LiveSyncDeps = {
    pull: overrides.pull ?? pullChanges,
    startEvents: overrides.startEvents ?? startLiveEvents,
    periodMs: overrides.periodMs ?? refreshIntervalMs(),
    debounceMs: overrides.debounceMs ?? CHANGE_DEBOUNCE_MS,
    minGapMs: overrides.minGapMs ?? CHANGE_MIN_GAP_MS,
  };
  const controller = new AbortController();
  // Rows change events named since the last pull started; `unknown`: an event named none, or
  // a pull failed part-way (what it wrote was not reported).
  let heard = new Set<string>();
  let unknown = false;
  let explainedBefore = new Set<string>();

  const run = async (): Promise<void> => {
    const waiting = heard;
    const wasUnknown = unknown;
    heard = new Set();
    unknown = false;
    let result: PullResult;
    try {
      result = await deps.pull(company, { signal: controller.signal });
    } catch (error) {
      if (!controller.signal.aborted && !isTransient(error)) {
        console.error("Pulling the change feed failed", error);
      }
      unknown = true;
      for (const key of waiting) heard.add(key);
      return;
    }
    if (controller.signal.aborted) return;
    const { notice, explained } = listNotice(result, waiting, wasUnknown, explainedBefore);
    explainedBefore = explained;
    if (notice !== undefined) requestListRefresh(notice);
  };
  const schedule = createPullSchedule(run, {
    debounceMs: deps.debounceMs,
    minGapMs: deps.minGapMs,
  });

  const handleOnline = () => schedule.now();
  schedule.now();
  const stopPolling = startPolling(deps.periodMs, schedule.lastPull, schedule.now);
  window.addEventListener("online", handleOnline);
  const stopEvents = deps.startEvents({
    company,
    onOpen: () => {
      setLiveFlowing(true);
      schedule.now();
    },
    onClose: () => setLiveFlowing(false),
    onChange: (change: LiveChange) => {
      if (change.ids.length === 0) unknown = true;
      for (const id of change.ids) heard.add(changeKey(change.entity, id));
      schedule.soon();
    },
  });
  return () => {
    controller.abort();
    schedule.stop();
    stopPolling();
    window.removeEventListener("online", handleOnline);
    stopEvents();
    setLiveFlowing(false);
  };
}
