import { isKioskUser, type RoleKey } from "../../shared/roles";

/** Kiosk displays take new versions on their own: nobody is there to press Reload. */
export function autoAcceptsUpdates(roles: readonly RoleKey[]): boolean {
  return isKioskUser(roles);
}
