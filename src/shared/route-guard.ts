import { quickFilterRange } from "./date-filters";
import type { RoleKey } from "./roles";
import type { RouteName, RouteTarget } from "./routes";

/**
 * Route guard of spec section 6: the first rule whose roles match the user decides.
 * Returns null to allow the route, or the path to redirect to.
 */
interface GuardRule {
  roles: readonly RoleKey[];
  decide: (route: RouteTarget, roles: readonly RoleKey[], today: string) => string | null;
}

function only(allowed: readonly RouteName[], fallback: string): GuardRule["decide"] {
  return (route) => (allowed.includes(route.name) ? null : fallback);
}

/** Wall screens every kiosk rotation includes (spec section 9: indicators and alerts). */
const KIOSK_WALLS: readonly RouteName[] = ["indicators", "alerts"];

const PLANNER_ROUTES: readonly RouteName[] = [
  "expeditions",
  "add-expedition",
  "receptions",
  "add-reception",
  "critical-lines",
  "add-critical-line",
];

/**
 * A forklift driver's start (issue 26): today's expeditions, instead of the home menu and every
 * day, opened on the page holding the next line due (`due=next`, resolved by the list).
 */
export function forkliftHome(today: string): string {
  return `/expeditions?booked_date_after=${today}&booked_date_before=${today}&due=next`;
}

function otherRoles(route: RouteTarget, roles: readonly RoleKey[], today: string): string | null {
  const isClientOrForklift = roles.includes("client") || roles.includes("forklift");
  switch (route.name) {
    // Beyond the spec (issue 26): the home menu is two taps away from a forklift's work.
    case "dashboard":
      return roles.includes("forklift") ? forkliftHome(today) : null;
    case "bi":
    case "indicators":
    // Beyond the spec (issue 12): the day board and the dock settings are the office's.
    case "board":
    case "dock-settings":
    // Issue 28: importing and exporting lines is the office's.
    case "import-export":
    // Issue 28: webhooks and API keys are the admin's (the page tells other office roles).
    case "integrations":
      return "/dashboard";
    case "trucks":
      return isClientOrForklift ? "/dashboard" : null;
    case "trucks-sign-up":
      return route.id === undefined || roles.includes("forklift") ? "/trucks" : null;
    case "add-expedition":
      return route.id === undefined ? "/expeditions" : null;
    case "add-reception":
      return route.id === undefined ? "/receptions" : null;
    default:
      return null;
  }
}

export const GUARD_RULES: readonly GuardRule[] = [
  { roles: ["admin", "office", "warehouseResp"], decide: () => null },
  { roles: ["truckAccess"], decide: only(["truck-system"], "/truck-system") },
  // Issue 16: both kiosk roles also show the indicators and alerts walls of the rotation.
  {
    roles: ["kiosk"],
    decide: only(["expeditions", "critical-lines", ...KIOSK_WALLS], "/expeditions"),
  },
  { roles: ["kioskReceptions"], decide: only(["receptions", ...KIOSK_WALLS], "/receptions") },
  {
    roles: ["plannerTrw", "officePerson", "carretilleros"],
    decide: (route, roles, today) =>
      only(
        roles.includes("officePerson") ? [...PLANNER_ROUTES, "bi"] : PLANNER_ROUTES,
        "/expeditions",
      )(route, roles, today),
  },
  { roles: ["guardia"], decide: only(["trucks", "trucks-sign-up"], "/trucks") },
  { roles: ["provider"], decide: only(["receptions", "add-reception"], "/receptions") },
];

export const DEFAULT_REDIRECT = "/dashboard";

/** Pages only trw companies have: their critical lines (spec 01 section 2, issue 25). */
export const TRW_ONLY_ROUTES: readonly RouteName[] = ["critical-lines", "add-critical-line"];

/** Pages trw companies do not have: the import and export of lines (spec 01 section 2). */
export const NOT_TRW_ROUTES: readonly RouteName[] = ["import-export"];

/**
 * Routes every signed-in user may open whatever the rules say: the sync issues list, where a
 * user reviews the offline changes the server refused (not in the spec; a forklift driver or a
 * carretillero, whose rules allow only the lists, is who needs it most).
 */
const ALWAYS_ALLOWED: readonly RouteName[] = ["sync-issues"];

/** Where a user with these roles must go instead of `route`, or null when allowed. */
export function guardRedirect(
  roles: readonly RoleKey[],
  route: RouteTarget,
  today: string = quickFilterRange("today").after ?? "",
): string | null {
  if (ALWAYS_ALLOWED.includes(route.name)) return null;
  const rule = GUARD_RULES.find((candidate) => candidate.roles.some((r) => roles.includes(r)));
  return rule ? rule.decide(route, roles, today) : otherRoles(route, roles, today);
}

/** The login URL for an unauthenticated visitor asking for `path`. */
export function loginRedirect(path: string): string {
  return `/login?redirect=${encodeURIComponent(path)}`;
}
