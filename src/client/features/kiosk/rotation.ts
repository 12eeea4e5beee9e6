import type { RoleKey } from "../../../shared/roles";
import { guardRedirect } from "../../../shared/route-guard";
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
 * the shared route guard lets the roles see (a page it redirects away from is skipped).
 */
export function rotationFor(
  roles: readonly RoleKey[],
  pages: Readonly<Record<KioskPageName, KioskPage>> = KIOSK_PAGES,
): KioskPageName[] {
  return KIOSK_ORDER.filter(
    (name) => pages[name].exists && guardRedirect(roles, { name }) === null,
  );
}

/**
 * The page after the one on screen; the first page when the screen shows none of them (and
 * the only page again when there is one: a no-op navigation, the tick still counts).
 */
export function nextPage(
  rotation: readonly KioskPageName[],
  pathname: string,
): KioskPageName | null {
  if (rotation.length === 0) return null;
  const current = routeFromPath(pathname)?.name;
  const index = current && isKioskPageName(current) ? rotation.indexOf(current) : -1;
  return rotation[(index + 1) % rotation.length] ?? null;
}
