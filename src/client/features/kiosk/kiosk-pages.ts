import { KIOSK_ROTATION, ROUTE_PATHS, type RouteName } from "../../../shared/routes";
import { pageOf } from "../../ui/list/url-search";

/** Search params as the URL keeps them. */
export type KioskSearch = Record<string, string>;

export interface KioskPage {
  /**
   * The page is built; a page not built yet is skipped by the rotation (all are built now: flip
   * this to true in the issue that builds a new one).
   */
  exists: boolean;
  /** The list filters a kiosk shows for `today` (YYYY-MM-DD); none when omitted. */
  search?: (today: string) => KioskSearch;
}

const bookedOn = (today: string): KioskSearch => ({
  booked_date_after: today,
  booked_date_before: today,
});

/**
 * The one place that says which rotating kiosk pages exist and what they show (spec section
 * 9: trucks, expeditions, receptions, indicators, alerts, critical-lines, in that order).
 * Lists show the current calendar day; the rotation re-applies it at each page and at midnight.
 */
export const KIOSK_PAGES = {
  trucks: {
    exists: true,
    search: (today) => ({ register_date_after: today, register_date_before: today }),
  },
  expeditions: { exists: true, search: bookedOn },
  receptions: { exists: true, search: bookedOn },
  indicators: { exists: true },
  alerts: { exists: true },
  // Spec section 2: its date shortcuts start on from_now (lines not ended before today).
  "critical-lines": { exists: true, search: (today) => ({ date_after: today }) },
} as const satisfies Partial<Record<RouteName, KioskPage>>;

export type KioskPageName = keyof typeof KIOSK_PAGES;

export function isKioskPageName(name: RouteName): name is KioskPageName {
  return Object.hasOwn(KIOSK_PAGES, name);
}

/** Rotation order (KIOSK_ROTATION), checked against KIOSK_PAGES so both lists agree. */
export const KIOSK_ORDER: readonly KioskPageName[] = KIOSK_ROTATION.filter(isKioskPageName);

export function kioskPath(name: KioskPageName): string {
  return ROUTE_PATHS[name];
}

/** The filters `name` shows on `today`. */
export function kioskSearch(name: KioskPageName, today: string): KioskSearch {
  const page: KioskPage = KIOSK_PAGES[name];
  return page.search?.(today) ?? {};
}

/**
 * Whether `name` shows a day's lines (its filters name today): only those move on at midnight;
 * the indicators' views and the alerts' posters stay where the rotation has them.
 */
export function showsDay(name: KioskPageName): boolean {
  const page: KioskPage = KIOSK_PAGES[name];
  return page.search !== undefined;
}

/** Whether the screen shows `name` with its filters for `today`, on list page `page`. */
export function isShowing(
  location: { pathname: string; search: Readonly<Record<string, unknown>> },
  name: KioskPageName,
  today: string,
  page = 1,
): boolean {
  if (location.pathname !== kioskPath(name)) return false;
  const { page: _page, ...filters } = location.search;
  if (pageOf(location.search) !== page) return false;
  const wanted = kioskSearch(name, today);
  const keys = new Set([...Object.keys(filters), ...Object.keys(wanted)]);
  return [...keys].every((key) => filters[key] === wanted[key]);
}
