import { DEMO_PASSWORD, DEMO_USERS as SEEDED } from "../../src/server/db/demo-data";
import type { RoleKey } from "../../src/shared/roles";
import { guardRedirect } from "../../src/shared/route-guard";
import { routeFromPath } from "../../src/shared/routes";

/** Demo logins of a fresh installation (src/server/db/demo-data.ts; README.md lists them). */
export { DEMO_PASSWORD };

export const DEMO_USERS: Readonly<Record<string, readonly RoleKey[]>> = Object.fromEntries(
  SEEDED.map((user) => [user.username, [user.role]]),
);

export type DemoUser = string;

/**
 * The path (no query) the guard leads these roles to from `path`, following its redirects
 * (a forklift's /trucks goes to /dashboard, and that to today's expeditions).
 */
export function guardedPath(roles: readonly RoleKey[], path: string): string {
  let current = path;
  for (let hop = 0; hop < 5; hop++) {
    const route = routeFromPath(current);
    if (!route) throw new Error(`${current} is not a private route`);
    const target = guardRedirect(roles, route);
    if (target === null) return current;
    current = new URL(target, "http://app").pathname;
  }
  throw new Error(`the guard loops from ${path}`);
}

/** Where a user ends up after a plain login (the default target, then the route guard). */
export function landingPath(user: DemoUser): string {
  const roles = DEMO_USERS[user];
  if (!roles) throw new Error(`${user} is not a demo user`);
  return guardedPath(roles, "/dashboard");
}
