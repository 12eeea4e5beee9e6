import type { RoleKey } from "../../../shared/roles";
import { guardRedirect, TRW_ONLY_ROUTES } from "../../../shared/route-guard";
import { routeFromPath } from "../../../shared/routes";
import {
  isKioskPageName,
  KIOSK_ORDER,
  KIOSK_PAGES,
  type KioskPage,
  type KioskPageName,
} from "./kiosk-pages";

/**
 * The pages a kiosk with these roles rotates through, in order: the ones that exist and that
 * the shared route guard lets the roles see in this company (a page it redirects away from is
 * skipped: critical lines outside trw companies).
 */
export function rotationFor(
  roles: readonly RoleKey[],
  isTrw: boolean,
  pages: Readonly<Record<KioskPageName, KioskPage>> = KIOSK_PAGES,
): KioskPageName[] {
  return KIOSK_ORDER.filter(
    (name) =>
      pages[name].exists &&
      guardRedirect(roles, { name }) === null &&
      (isTrw || !TRW_ONLY_ROUTES.includes(name)),
  );
}

/** One stop of the rotation: a page and which page of its list. */
export interface KioskStop {
  name: KioskPageName;
  /** 1-based page of the list. */
  page: number;
}

/** What the screen shows now. */
export interface OnScreen {
  pathname: string;
  /** The list page in the URL (1 when none). */
  page: number;
  /** The page count the list on screen reports; null when it reports none (not a list). */
  pageCount: number | null;
}

/**
 * The stop after the one on screen: the next page of the same list while it has more (its
 * page count is read at every tick, so lines added meanwhile are reached), otherwise page 1 of
 * the next page of the rotation; the first page when the screen shows none of them (and the
 * only page again when there is one: a no-op navigation, the tick still counts).
 */
export function nextStop(rotation: readonly KioskPageName[], screen: OnScreen): KioskStop | null {
  if (rotation.length === 0) return null;
  const current = routeFromPath(screen.pathname)?.name;
  const index = current && isKioskPageName(current) ? rotation.indexOf(current) : -1;
  const name = rotation[index];
  if (name !== undefined && screen.pageCount !== null && screen.page < screen.pageCount) {
    return { name, page: Math.max(1, screen.page + 1) };
  }
  const next = rotation[(index + 1) % rotation.length];
  return next === undefined ? null : { name: next, page: 1 };
}
