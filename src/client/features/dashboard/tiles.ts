import type { Company } from "../../../shared/contract/company";
import { can } from "../../../shared/permissions";
import type { RoleKey } from "../../../shared/roles";
import { guardRedirect } from "../../../shared/route-guard";

/**
 * Home-menu tiles of spec section 2. Import and export open /import-export (issue 28) for the
 * office; for other roles they stay without an action, as the spec shows them.
 */
export type TileKey =
  | "trucks"
  | "expeditions"
  | "receptions"
  | "critical-lines"
  | "task-list"
  | "bi"
  | "board"
  | "dock-settings"
  | "integrations"
  | "import"
  | "export";

export interface Tile {
  key: TileKey;
  /** Route the tile opens; absent for tiles without an action. */
  to?:
    | "/trucks"
    | "/expeditions"
    | "/receptions"
    | "/critical-lines"
    | "/task-list"
    | "/bi"
    | "/board"
    | "/dock-settings"
    | "/import-export"
    | "/integrations";
}

/** The roles the route guard lets into every route: the office. */
const OFFICE_ROLES: readonly RoleKey[] = ["admin", "office", "warehouseResp"];

export function dashboardTiles(
  roles: readonly RoleKey[],
  company: Pick<Company, "is_trw" | "code"> | null,
): Tile[] {
  const isTrw = company?.is_trw ?? false;
  const tiles: Tile[] = [
    { key: "trucks", to: "/trucks" },
    { key: "expeditions", to: "/expeditions" },
    { key: "receptions", to: "/receptions" },
  ];
  if (isTrw) tiles.push({ key: "critical-lines", to: "/critical-lines" });
  const showTaskList = isTrw ? company?.code === "kl" : can(roles, "seeTasklist", isTrw);
  if (showTaskList) tiles.push({ key: "task-list", to: "/task-list" });
  tiles.push({ key: "bi", to: "/bi" });
  // Beyond the spec (issue 12): the office's day board and dock hours.
  if (roles.some((role) => OFFICE_ROLES.includes(role))) {
    tiles.push({ key: "board", to: "/board" }, { key: "dock-settings", to: "/dock-settings" });
  }
  if (!isTrw) {
    const to =
      guardRedirect(roles, { name: "import-export" }) === null ? "/import-export" : undefined;
    tiles.push(
      to ? { key: "import", to } : { key: "import" },
      to ? { key: "export", to } : { key: "export" },
    );
  }
  // Issue 28: webhooks and API keys, an admin's.
  if (roles.includes("admin")) tiles.push({ key: "integrations", to: "/integrations" });
  return tiles;
}
