import type { RoleKey } from "../../../shared/roles";
import {
  DEFAULT_REDIRECT,
  guardRedirect,
  loginRedirect,
  NOT_TRW_ROUTES,
  TRW_ONLY_ROUTES,
} from "../../../shared/route-guard";
import { routeFromPath } from "../../../shared/routes";
import { isTransient } from "../errors";
import { hasSession, logout, refreshCompany, refreshProfile } from "./session";
import { getSessionState } from "./session-store";

/** Profiles younger than this are reused, so list filters and paging do not refetch it. */
const PROFILE_MAX_AGE_MS = 10_000;
let profileFetchedAt = 0;
/** The company's flags are fetched once per page load (login fetches them too). */
let companyFresh = false;

export type GuardDecision = { redirect: string } | { allow: true };

/**
 * The private routes' guard (spec section 6): no session -> /login?redirect=<path>; otherwise
 * refresh the profile (a rejected one ends the session; no network keeps the stored one, so an
 * installed device works offline), then the role rules decide.
 */
export async function guardPrivateRoute(
  pathname: string,
  href: string,
  now: number = Date.now(),
): Promise<GuardDecision> {
  if (!hasSession()) return { redirect: loginRedirect(href) };
  let roles: RoleKey[];
  try {
    if (now - profileFetchedAt > PROFILE_MAX_AGE_MS || getSessionState().auth === null) {
      await Promise.all([refreshProfile(), companyFresh ? null : refreshCompany()]);
      profileFetchedAt = now;
      companyFresh = true;
    }
    roles = getSessionState().auth?.roles.map((role) => role.name) ?? [];
  } catch (error) {
    const stored = getSessionState().auth;
    if (!isTransient(error) || stored === null) {
      console.error("Profile refresh failed: logging out", error);
      logout();
      return { redirect: "/login" };
    }
    roles = stored.roles.map((role) => role.name);
  }
  const route = routeFromPath(pathname);
  // Critical lines are trw companies' (spec 01 section 2): elsewhere their pages are not open.
  const trwOnly = route ? TRW_ONLY_ROUTES.includes(route.name) : false;
  if (trwOnly && getSessionState().company?.is_trw !== true) return { redirect: DEFAULT_REDIRECT };
  const notTrw = route ? NOT_TRW_ROUTES.includes(route.name) : false;
  if (notTrw && getSessionState().company?.is_trw !== false) return { redirect: DEFAULT_REDIRECT };
  const target = route ? guardRedirect(roles, route) : null;
  return target && target !== pathname ? { redirect: target } : { allow: true };
}

/** Forgets the profile's age and the company's freshness (tests; a company change reloads). */
export function resetProfileAge(): void {
  profileFetchedAt = 0;
  companyFresh = false;
}
