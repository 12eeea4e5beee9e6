import { KIOSK_ADVANCE_MS, KIOSK_FULL_RELOAD_TICKS } from "../../../shared/constants";
import type { KioskPageName } from "./kiosk-pages";
import { type KioskStop, nextStop, type OnScreen } from "./rotation";

export interface RotationDriver {
  /** The pages to rotate through, read at every tick. */
  pages: () => readonly KioskPageName[];
  /** What the screen shows: path, list page and the list's page count. */
  screen: () => OnScreen;
  /** Shows `stop` in the app (router navigation). */
  go: (stop: KioskStop) => Promise<void>;
  /** Loads `stop` as a new document (the full reload). */
  reload: (stop: KioskStop) => void;
  /**
   * The page now on screen has loaded and has nothing to show (waits briefly for it to load):
   * the rotation moves on at once instead of showing it for a tick.
   */
  isEmpty?: () => Promise<boolean>;
  isOnline: () => boolean;
  /** The app shell is in the service worker's cache. */
  isCached: () => Promise<boolean>;
  /** Told the tick count after every tick (the kiosk exposes it for checks). */
  onTick?: (ticks: number) => void;
  /** Told when a tick starts changing the page (true) and when it is done (false). */
  onMoving?: (moving: boolean) => void;
}

/**
 * Kiosk rotation of spec sections 4 and 9: every KIOSK_ADVANCE_MS one tick advances to the
 * next page of the list on screen, or after a list's last page to the next page of the
 * rotation. From KIOSK_FULL_RELOAD_TICKS on, a tick reloads the whole app instead, but only
 * online and with the shell cached; otherwise it advances as usual and tries again next tick.
 * A page that turns out empty (an empty list, or nothing mirrored yet) is skipped at once.
 * Returns the stop function.
 */
export function startRotation(driver: RotationDriver): () => void {
  let ticks = 0;
  let busy = false;
  const tick = async () => {
    ticks += 1;
    driver.onTick?.(ticks);
    // A navigation still running (a slow guard offline) is not stacked: the tick still counts.
    if (busy) return;
    const stop = nextStop(driver.pages(), driver.screen());
    if (stop === null) return;
    busy = true;
    driver.onMoving?.(true);
    try {
      if (ticks >= KIOSK_FULL_RELOAD_TICKS && driver.isOnline() && (await driver.isCached())) {
        driver.reload(stop);
        return;
      }
      await driver.go(stop);
      await skipEmpty(driver, stop);
    } catch (error) {
      // The page on screen stays; the next tick tries again.
      console.warn("Kiosk rotation: the page could not change", error);
    } finally {
      busy = false;
      driver.onMoving?.(false);
    }
  };
  const timer = setInterval(() => void tick(), KIOSK_ADVANCE_MS);
  return () => clearInterval(timer);
}

/** Past empty pages to the next one with something to show; stays put when all are empty. */
async function skipEmpty(driver: RotationDriver, shown: KioskStop): Promise<void> {
  if (!driver.isEmpty) return;
  const seen = new Set([shown.name]);
  for (;;) {
    const before = driver.screen().pathname;
    if (!(await driver.isEmpty())) return;
    // Moved meanwhile (by hand, or another navigation): the page on screen is not ours to skip.
    if (driver.screen().pathname !== before) return;
    const next = nextStop(driver.pages(), driver.screen());
    if (next === null || seen.has(next.name)) return;
    seen.add(next.name);
    await driver.go(next);
  }
}
