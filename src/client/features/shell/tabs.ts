import { can, type Permission } from "../../../shared/permissions";
import type { RoleKey } from "../../../shared/roles";
import { TRUCK_ACCESS_DESCRIPTION } from "../../../shared/roles";

/** Top-bar tabs of spec section 2, in order, each with the permission that shows it. */
export const TABS = [
  { key: "dashboard", to: "/dashboard", permission: "seeDashboard" },
  { key: "trucks", to: "/trucks", permission: "seeTrucks" },
  { key: "expeditions", to: "/expeditions", permission: "seeExpeditions" },
  { key: "receptions", to: "/receptions", permission: "seeReceptions" },
  { key: "critical-lines", to: "/critical-lines", permission: "seeCriticalLines" },
  { key: "task-list", to: "/task-list", permission: "seeTasklist" },
  { key: "bi", to: "/bi", permission: "seeBi" },
] as const satisfies readonly { key: string; to: string; permission: Permission }[];

export type Tab = (typeof TABS)[number];
export type TabKey = Tab["key"];

export interface TabContext {
  roles: readonly RoleKey[];
  /** Role descriptions as the server sends them. */
  roleDescriptions: readonly string[];
  isTrw: boolean;
}

/**
 * The tabs a user sees: none for holders of the 'acceso-camion' role; otherwise each tab whose
 * permission is granted, critical lines only in trw companies.
 */
export function visibleTabs({ roles, roleDescriptions, isTrw }: TabContext): Tab[] {
  if (roleDescriptions.includes(TRUCK_ACCESS_DESCRIPTION)) return [];
  return TABS.filter((tab) => {
    if (tab.key === "critical-lines" && !isTrw) return false;
    return can(roles, tab.permission, isTrw);
  });
}
