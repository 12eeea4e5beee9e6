/**
 * The working window of the change feed: the shipments a device mirrors for offline work,
 * from yesterday to next week in any time zone of the sites (UTC-12 to UTC+14), with a day of
 * buffer on each side. Both ends are UTC midnights, so the window moves once a day; the
 * server filters by it and the device restarts its feed when it moved (offline/change-feed).
 */
export const WINDOW_DAYS_BEFORE = 2;
export const WINDOW_DAYS_AFTER = 9;

const DAY_MS = 86_400_000;

export interface ChangeWindow {
  /** Inclusive start, epoch ms. */
  from: number;
  /** Exclusive end, epoch ms. */
  until: number;
}

export function changeWindow(now: number = Date.now()): ChangeWindow {
  const today = Math.floor(now / DAY_MS) * DAY_MS;
  return { from: today - WINDOW_DAYS_BEFORE * DAY_MS, until: today + WINDOW_DAYS_AFTER * DAY_MS };
}
