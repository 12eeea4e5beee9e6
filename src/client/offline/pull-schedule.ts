/**
 * When a device pulls the change feed (offline/live-sync.ts; the load bench's simulated device,
 * scripts/bench/load-device.ts, runs the same schedule): pulls never overlap, a request while
 * one runs makes ONE more pull after it, and a change event waits `debounceMs` first, so a burst
 * of events (a company's writes arrive every few hundred ms on a busy yard) costs one pull; a
 * pull that starts meanwhile for another reason covers them and ends the wait.
 * Pure: no DOM, no database; `run` is the pull.
 */
export const CHANGE_DEBOUNCE_MS = 300;

export interface PullSchedule {
  /** Pull now (start, the network back, the stream (re)opened, the period). */
  now(): void;
  /** A change event: pull after the debounce; more events meanwhile join it. */
  soon(): void;
  /** Epoch ms the last pull started (0 before the first), for the poller. */
  lastPull(): number;
  /** No pull starts after this; one running ends on its own. */
  stop(): void;
}

export interface PullScheduleOptions {
  debounceMs?: number;
  now?: () => number;
}

export function createPullSchedule(
  run: () => Promise<void>,
  { debounceMs = CHANGE_DEBOUNCE_MS, now = Date.now }: PullScheduleOptions = {},
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
      timer = setTimeout(() => {
        timer = undefined;
        void pull();
      }, debounceMs);
    },
    lastPull: () => last,
    stop: () => {
      stopped = true;
      if (timer !== undefined) clearTimeout(timer);
      timer = undefined;
    },
  };
}
