import type { RoleKey } from "../../src/shared/roles";
import { guardRedirect } from "../../src/shared/route-guard";

/** Demo logins seeded by scripts/seed.ts (README.md lists them); all share one password. */
export const DEMO_PASSWORD = "yardline";

export const DEMO_USERS = {
  admin: ["admin"],
  office: ["office"],
  warehouse: ["warehouseResp"],
  forklift: ["forklift"],
  kiosk: ["kiosk"],
  client: ["client"],
  truckaccess: ["truckAccess"],
  readonly: ["readOnly"],
  guard: ["guardia"],
  carretillero: ["carretilleros"],
  planner: ["plannerTrw"],
  officeperson: ["officePerson"],
  kioskrec: ["kioskReceptions"],
  provider: ["provider"],
  mexico: ["office"],
} as const satisfies Record<string, readonly RoleKey[]>;

export type DemoUser = keyof typeof DEMO_USERS;

/** Where a user ends up after a plain login (the default target, then the route guard). */
export function landingPath(user: DemoUser): string {
  return guardRedirect(DEMO_USERS[user], { name: "dashboard" }) ?? "/dashboard";
}
