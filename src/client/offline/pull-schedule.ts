/**
 * When a device pulls the change feed (offline/live-sync.ts; the load bench's simulated device,
 * scripts/bench/load-device.ts, runs the same schedule): pulls never overlap, a request while
 * one runs makes ONE more pull after it, and a change event waits `debounceMs` first, so a burst
 * of events (a company's writes arrive every few hundred ms on a busy yard) costs one pull, and
 * such pulls start at least `minGapMs` apart; a pull that starts meanwhile for another reason
 * covers the waiting events and ends the wait.
 * Pure: no DOM, no database; `run` is the pull.
 */
export const CHANGE_DEBOUNCE_MS = 300;
/**
 * Change-event pulls start at least this far apart: a device of a busy company hears events
 * all the time, and a pull every debounce would be N devices x 3 pulls a second. An isolated
 * change still arrives after the debounce; a steady stream costs one pull a second per device.
 */
export const CHANGE_MIN_GAP_MS = 1_000;

export interface PullSchedule {
  /** Pull now (start, the network back, the stream (re)opened, the period). */
  now(): void;
  /** A change event: pull after the debounce (and the gap); more events meanwhile join it. */
  soon(): void;
  /** Epoch ms the last pull started (0 before the first), for the poller. */
  lastPull(): number;
  /** No pull starts after this; one running ends on its own. */
  stop(): void;
}

export interface PullScheduleOptions {
  debounceMs?: number;
  minGapMs?: number;
  now?: () => number;
}

export function createPullSchedule(
  run: () => Promise<void>,
  {
    debounceMs = CHANGE_DEBOUNCE_MS,
    minGapMs = CHANGE_MIN_GAP_MS,
    now = Date.now,
  }: PullScheduleOptions = {},
): PullSchedule {
  let running = false;
  let again = false;
  let stopped = false;
  let last = 0;
  let timer: ReturnType<typeof setTimeout> | undefined;

  const pull = async (): Promise<void> => {
    if (stopped) return;
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        // This pull covers the events that are waiting for the debounce.
        if (timer !== undefined) clearTimeout(timer);
        timer = undefined;
        last = now();
        try {
          await run();
        } catch {
          // `run` reports its own failures; the schedule goes on.
        }
      } while (again && !stopped);
    } finally {
      running = false;
    }
  };

  return {
    now: () => void pull(),
    soon: () => {
      if (stopped || timer !== undefined) return;
      const wait = Math.max(debounceMs, last + minGapMs - now());
      timer = setTimeout(() => {
        timer = undefined;
        void pull();
      }, wait);
    },
    lastPull: () => last,
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
