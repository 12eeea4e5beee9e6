import { describe, expect, it } from "vitest";
import type { RoleKey } from "../../../shared/roles";
import { dashboardTiles } from "./tiles";

type Flags = { is_trw: boolean; code: string | null };
const PLAIN: Flags = { is_trw: false, code: null };
const BW: Flags = { is_trw: false, code: "bw" };
const TRW: Flags = { is_trw: true, code: null };
const KL: Flags = { is_trw: true, code: "kl" };

const keys = (roles: RoleKey[], company: Flags | null) =>
  dashboardTiles(roles, company).map((tile) => tile.key);

describe("dashboard tiles (spec section 2)", () => {
  it.each([
    // [roles, company, expected tiles]
    [
      ["admin"],
      PLAIN,
      [
        "trucks",
        "expeditions",
        "receptions",
        "task-list",
        "bi",
        "board",
        "dock-settings",
        "import",
        "export",
        "integrations",
      ],
    ],
    [
      ["admin"],
      BW,
      [
        "trucks",
        "expeditions",
        "receptions",
        "task-list",
        "bi",
        "board",
        "dock-settings",
        "import",
        "export",
        "integrations",
      ],
    ],
    [
      ["admin"],
      TRW,
      [
        "trucks",
        "expeditions",
        "receptions",
        "critical-lines",
        "bi",
        "board",
        "dock-settings",
        "integrations",
      ],
    ],
    [
      ["admin"],
      KL,
      [
        "trucks",
        "expeditions",
        "receptions",
        "critical-lines",
        "task-list",
        "bi",
        "board",
        "dock-settings",
        "integrations",
      ],
    ],
    // warehouseResp, forklift, kiosk and client are denied seeTasklist.
    [
      ["warehouseResp"],
      PLAIN,
      ["trucks", "expeditions", "receptions", "bi", "board", "dock-settings", "import", "export"],
    ],
    [["forklift"], PLAIN, ["trucks", "expeditions", "receptions", "bi", "import", "export"]],
    [["client"], PLAIN, ["trucks", "expeditions", "receptions", "bi", "import", "export"]],
    // In trw companies the task list follows the company code, not the permission.
    [["client"], KL, ["trucks", "expeditions", "receptions", "critical-lines", "task-list", "bi"]],
    [
      ["office"],
      TRW,
      ["trucks", "expeditions", "receptions", "critical-lines", "bi", "board", "dock-settings"],
    ],
    [
      ["office", "client"],
      PLAIN,
      ["trucks", "expeditions", "receptions", "bi", "board", "dock-settings", "import", "export"],
    ],
    // No company known yet: treated as non-trw.
    [
      ["office"],
      null,
      [
        "trucks",
        "expeditions",
        "receptions",
        "task-list",
        "bi",
        "board",
        "dock-settings",
        "import",
        "export",
      ],
    ],
  ] satisfies [RoleKey[], Flags | null, string[]][])("%j in %j", (roles, company, expected) => {
    expect(keys(roles, company)).toEqual(expected);
  });

  it("links every tile; import and export open /import-export for the office only (issue 28)", () => {
    for (const tile of dashboardTiles(["admin"], PLAIN)) {
      if (tile.key === "import" || tile.key === "export") expect(tile.to).toBe("/import-export");
      else expect(tile.to).toBe(`/${tile.key}`);
    }
    const forklift = dashboardTiles(["forklift"], PLAIN).filter((tile) =>
      ["import", "export"].includes(tile.key),
    );
    expect(forklift.map((tile) => tile.to)).toEqual([undefined, undefined]);
  });
});
