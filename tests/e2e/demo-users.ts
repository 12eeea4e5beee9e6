import { DEMO_PASSWORD, DEMO_USERS as SEEDED } from "../../src/server/db/demo-data";
import type { RoleKey } from "../../src/shared/roles";
import { guardRedirect } from "../../src/shared/route-guard";

/** Demo logins of a fresh installation (src/server/db/demo-data.ts; README.md lists them). */
export { DEMO_PASSWORD };

export const DEMO_USERS: Readonly<Record<string, readonly RoleKey[]>> = Object.fromEntries(
  SEEDED.map((user) => [user.username, [user.role]]),
);

export type DemoUser = string;

/** Where a user ends up after a plain login (the default target, then the route guard). */
export function landingPath(user: DemoUser): string {
  const roles = DEMO_USERS[user];
  if (!roles) throw new Error(`${user} is not a demo user`);
  return guardRedirect(roles, { name: "dashboard" }) ?? "/dashboard";
}
