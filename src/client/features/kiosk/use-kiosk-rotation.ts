import { type AnyRouter, useRouter } from "@tanstack/react-router";
import { useEffect, useRef } from "react";
import type { RoleKey } from "../../../shared/roles";
import { routeFromPath } from "../../../shared/routes";
import { useToday } from "../../lib/use-today";
import { pageOf } from "../../ui/list/url-search";
import { isShellCached } from "./full-reload";
import {
  isKioskPageName,
  isShowing,
  type KioskPageName,
  kioskPath,
  kioskSearch,
  showsDay,
} from "./kiosk-pages";
import { listPageCount, settledEmpty } from "./list-pages";
import { type KioskStop, rotationFor } from "./rotation";
import { startRotation } from "./rotation-timer";

/** The tick count, on <html>, for whoever needs to see the rotation run (e2e checks). */
const TICKS_ATTRIBUTE = "kioskTicks";
/**
 * On <html> while a tick changes the page: a tick that comes meanwhile is dropped, so a check
 * that runs the clock waits for it to go first.
 */
const MOVING_ATTRIBUTE = "kioskMoving";

function kioskHref(router: AnyRouter, { name, page }: KioskStop, today: string): string {
  const search = { ...kioskSearch(name, today), ...(page > 1 ? { page } : {}) };
  return kioskPath(name) + router.options.stringifySearch(search);
}

/** Shows `stop` with today's filters, replacing the history entry; nothing when it shows. */
async function show(router: AnyRouter, stop: KioskStop, today: string): Promise<void> {
  if (isShowing(router.state.location, stop.name, today, stop.page)) return;
  await router.navigate({ href: kioskHref(router, stop, today), replace: true });
}

const firstPage = (name: KioskPageName): KioskStop => ({ name, page: 1 });

/**
 * Runs the kiosk rotation for these roles in this company (spec sections 4 and 9), through every page of each
 * list, and keeps the lists on the current day: today's filters are applied on arrival and
 * again at local midnight (to the lists only: a wall on the quarterly indicators at midnight
 * went back to the annual view).
 */
export function useKioskRotation(roles: readonly RoleKey[], isTrw: boolean): void {
  const router = useRouter();
  const today = useToday();
  // Read by the timer at each tick: a profile refresh must not restart the count.
  const latest = useRef({ rotation: rotationFor(roles, isTrw), today });
  latest.current = { rotation: rotationFor(roles, isTrw), today };

  useEffect(() => {
    const root = document.documentElement;
    const stop = startRotation({
      pages: () => latest.current.rotation,
      screen: () => ({
        pathname: router.state.location.pathname,
        page: pageOf(router.state.location.search),
        pageCount: listPageCount(document.getElementById("main")),
      }),
      go: (stop) => show(router, stop, latest.current.today),
      reload: (stop) => window.location.assign(kioskHref(router, stop, latest.current.today)),
      isEmpty: () => settledEmpty(),
      isOnline: () => navigator.onLine,
      isCached: () => isShellCached(),
      onTick: (ticks) => {
        root.dataset[TICKS_ATTRIBUTE] = String(ticks);
      },
      onMoving: (moving) => {
        if (moving) root.dataset[MOVING_ATTRIBUTE] = "true";
        else delete root.dataset[MOVING_ATTRIBUTE];
      },
    });
    return () => {
      stop();
      delete root.dataset[TICKS_ATTRIBUTE];
      delete root.dataset[MOVING_ATTRIBUTE];
    };
  }, [router]);

  useEffect(() => {
    const route = routeFromPath(router.state.location.pathname);
    if (route === null || route.id !== undefined || !isKioskPageName(route.name)) return;
    if (!latest.current.rotation.includes(route.name) || !showsDay(route.name)) return;
    show(router, firstPage(route.name), today).catch((error: unknown) => {
      console.warn("Kiosk: today's filters could not be applied", error);
    });
  }, [router, today]);
}
