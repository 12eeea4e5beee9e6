import type { RoleKey } from "../../shared/roles";

/** Kiosk displays take new versions on their own: nobody is there to press Reload. */
const KIOSK_ROLES: readonly RoleKey[] = ["kiosk", "kioskReceptions"];

export function autoAcceptsUpdates(roles: readonly RoleKey[]): boolean {
  return roles.some((role) => KIOSK_ROLES.includes(role));
}
