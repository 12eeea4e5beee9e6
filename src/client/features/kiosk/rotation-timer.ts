import { KIOSK_ADVANCE_MS, KIOSK_FULL_RELOAD_TICKS } from "../../../shared/constants";
import type { KioskPageName } from "./kiosk-pages";
import { nextPage } from "./rotation";

export interface RotationDriver {
  /** The pages to rotate through, read at every tick. */
  pages: () => readonly KioskPageName[];
  /** The path on screen. */
  pathname: () => string;
  /** Shows `page` in the app (router navigation). */
  go: (page: KioskPageName) => Promise<void>;
  /** Loads `page` as a new document (the full reload). */
  reload: (page: KioskPageName) => void;
  isOnline: () => boolean;
  /** The app shell is in the service worker's cache. */
  isCached: () => Promise<boolean>;
  /** Told the tick count after every tick (the kiosk exposes it for checks). */
  onTick?: (ticks: number) => void;
}

/**
 * Kiosk rotation of spec sections 4 and 9: every KIOSK_ADVANCE_MS one tick advances to the
 * next page. From KIOSK_FULL_RELOAD_TICKS on, a tick reloads the whole app instead, but only
 * online and with the shell cached; otherwise it advances as usual and tries again next tick.
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
    const page = nextPage(driver.pages(), driver.pathname());
    if (page === null) return;
    busy = true;
    try {
      if (ticks >= KIOSK_FULL_RELOAD_TICKS && driver.isOnline() && (await driver.isCached())) {
        driver.reload(page);
        return;
      }
      await driver.go(page);
    } catch (error) {
      // The page on screen stays; the next tick tries again.
      console.warn("Kiosk rotation: the page could not change", error);
    } finally {
      busy = false;
    }
  };
  const timer = setInterval(() => void tick(), KIOSK_ADVANCE_MS);
  return () => clearInterval(timer);
}
