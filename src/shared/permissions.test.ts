import { describe, expect, it } from "vitest";
import {
  can,
  DELETE_NEEDS,
  EDIT_RESTRICTIONS,
  grantedPermissions,
  hasRestriction,
  NO_DELETE_ROLES,
  PERMISSIONS,
  type Permission,
  PROHIBITIONS,
  prohibitedBy,
  RESTRICTION_FLAGS,
  type RestrictionFlag,
} from "./permissions";
import { ROLE_KEYS, type RoleKey } from "./roles";

/*
 * Expected prohibition lists, written out from spec 01 section 6 rather than derived from
 * PROHIBITIONS, so a slip in the matrix fails here. Where the spec summarises ("all writes",
 * "most edit and add rights", "deletes") the interpretation is spelled out once below. The
 * product rules of roles.md (deleting needs unrestricted edit; clients change no trucks) are
 * added on top, each spelled out in its row.
 */

/** Product rule: the role deletes nothing (expeditions, receptions, critical lines). */
const NO_DELETES: Permission[] = ["deleteExp", "deleteRecep", "deleteCL"];

/** A list plus the product rule's additions, without repeats. */
const plus = (list: Permission[], extra: Permission[]): Permission[] => [
  ...new Set([...list, ...extra]),
];

/** "All writes": every add/edit/delete right, including the critical-line ones and repeats. */
const ALL_WRITES: Permission[] = [
  "createMasters",
  "addExp",
  "addRecep",
  "addTruck",
  "editTruck",
  "editExp",
  "editRecep",
  "deleteExp",
  "deleteRecep",
  "editStatus",
  "editReasons",
  "addCL",
  "editCL",
  "deleteCL",
  "repeats",
  "editTasklist",
];

const FORKLIFT: Permission[] = [
  "createMasters",
  "addExp",
  "addRecep",
  "addTruck",
  "editTruck",
  "seeHistory",
  "justCompanyNotes",
  "isForkLift",
  "seeTasklist",
];
const FORKLIFT_TRW: Permission[] = [...FORKLIFT, "lockdowns", "deleteExp", "deleteRecep"];

/** "Most edit and add rights" read as: masters, add/edit of trucks, expeditions, receptions. */
const KIOSK: Permission[] = [
  "createMasters",
  "addExp",
  "addRecep",
  "addTruck",
  "editTruck",
  "editExp",
  "editRecep",
  "seeFilters",
  "seeHistory",
  "editStatus",
  "editReasons",
  "seeTasklist",
];
const KIOSK_TRW: Permission[] = [
  ...KIOSK,
  "lockdowns",
  "addCL",
  "isKiosk",
  "deleteExp",
  "deleteRecep",
];

const CLIENT: Permission[] = [
  "createMasters",
  "addExp",
  "addRecep",
  "addTruck",
  "seeHistory",
  "editStatus",
  "editReasons",
  "justClientNotes",
  "seeTasklist",
];

const TRUCK_ACCESS: Permission[] = [
  "createMasters",
  "addExp",
  "addRecep",
  "editTruck",
  "editExp",
  "editRecep",
  "editStatus",
  "editReasons",
  "seeFilters",
  "seeHistory",
  "seeTasklist",
  "justClientNotes",
];

const READ_ONLY: Permission[] = [
  ...ALL_WRITES,
  "seeFilters",
  "seeHistory",
  "seeTasklist",
  "lockdowns",
  "isKiosk",
];

const GUARDIA: Permission[] = [
  ...ALL_WRITES,
  "seeDashboard",
  "seeExpeditions",
  "seeReceptions",
  "seeBi",
];

const PLANNER_TRW: Permission[] = [
  "seeDashboard",
  "seeTrucks",
  "seeBi",
  "seeTasklist",
  "mrpLimitations",
  "addTruck",
  "editTruck",
  "deleteExp",
  "deleteRecep",
  "lockdowns",
  "createMasters",
];

/** "Deletes" read as every delete right: expeditions, receptions and critical lines. */
const PROVIDER: Permission[] = [
  "addExp",
  "editExp",
  "editTruck",
  "seeOriginFilter",
  "seeHistory",
  "editStatus",
  "editReasons",
  "deleteExp",
  "deleteRecep",
  "deleteCL",
  "repeats",
  "seeTasklist",
  "seeDashboard",
  "seeExpeditions",
  "seeTrucks",
  "seeBi",
  "lockdowns",
];

interface Row {
  role: RoleKey;
  isTrw: boolean;
  prohibited: Permission[];
}

/** Critical lines are trw companies' (issue 25): no role holds them elsewhere. */
const CRITICAL_LINES: Permission[] = ["seeCriticalLines", "addCL", "editCL", "deleteCL"];

function both(role: RoleKey, plain: Permission[], trw: Permission[] = plain): Row[] {
  return [
    { role, isTrw: false, prohibited: plus(plain, CRITICAL_LINES) },
    { role, isTrw: true, prohibited: trw },
  ];
}

const TABLE: Row[] = [
  ...both("admin", [], ["lockdowns"]),
  ...both("office", ["createMasters"], ["createMasters", "deleteExp", "deleteRecep"]),
  ...both(
    "warehouseResp",
    ["createMasters", "seeHistory", "seeTasklist"],
    ["createMasters", "seeHistory", "seeTasklist", "deleteExp", "deleteRecep"],
  ),
  // justCompanyNotes: edits restricted, so no deletes.
  ...both("forklift", plus(FORKLIFT, NO_DELETES), plus(FORKLIFT_TRW, NO_DELETES)),
  // A kiosk deletes nothing.
  ...both("kiosk", plus(KIOSK, NO_DELETES), plus(KIOSK_TRW, NO_DELETES)),
  // justClientNotes: no deletes; and client users change no trucks.
  ...both(
    "client",
    plus(CLIENT, [...NO_DELETES, "editTruck"]),
    plus(CLIENT, [...NO_DELETES, "editTruck", "lockdowns"]),
  ),
  // A gate role deletes nothing.
  ...both("truckAccess", plus(TRUCK_ACCESS, NO_DELETES)),
  ...both("readOnly", READ_ONLY),
  ...both("guardia", GUARDIA),
  // onlyTruckHours (and justCompanyNotes): no deletes.
  ...both(
    "carretilleros",
    plus([...FORKLIFT, "onlyTruckHours"], NO_DELETES),
    plus([...FORKLIFT_TRW, "onlyTruckHours"], NO_DELETES),
  ),
  ...both("officePerson", ["createMasters", "addTruck", "editTruck"]),
  ...both("plannerTrw", PLANNER_TRW),
  ...both("kioskReceptions", plus(KIOSK_TRW, NO_DELETES)),
  ...both("provider", PROVIDER),
];

const label = (row: Row) => `${row.role} (${row.isTrw ? "trw" : "non-trw"})`;

describe("permission matrix (spec 01 section 6)", () => {
  it("covers every role in both company variants", () => {
    expect(new Set(TABLE.map(label)).size).toBe(ROLE_KEYS.length * 2);
    expect(Object.keys(PROHIBITIONS).sort()).toEqual([...ROLE_KEYS].sort());
  });

  it("knows every permission name the spec lists", () => {
    const specNames = `createMasters addExp addRecep addTruck editTruck editExp editRecep deleteExp
      deleteRecep seeFilters seeOriginFilter seeHistory editStatus editReasons justClientNotes
      justCompanyNotes isForkLift isKiosk seeTasklist lockdowns addCL onlyTruckHours
      mrpLimitations seeDashboard seeTrucks seeExpeditions seeReceptions seeCriticalLines seeBi
      repeats`.split(/\s+/);
    expect(PERMISSIONS).toEqual(expect.arrayContaining(specNames));
    expect(new Set(PERMISSIONS).size).toBe(PERMISSIONS.length);
  });

  describe.each(TABLE.map((row) => [label(row), row] as const))("%s", (_name, row) => {
    const allowed = PERMISSIONS.filter((p) => !row.prohibited.includes(p));

    it("prohibits exactly the spec's list", () => {
      expect([...prohibitedBy(row.role, row.isTrw)].sort()).toEqual([...row.prohibited].sort());
    });

    it.each(row.prohibited)("denies %s", (permission) => {
      expect(can([row.role], permission, row.isTrw)).toBe(false);
    });

    it("grants everything else", () => {
      expect(allowed.length).toBeGreaterThan(0);
      for (const permission of allowed) {
        expect(can([row.role], permission, row.isTrw), permission).toBe(true);
      }
      expect(grantedPermissions([row.role], row.isTrw)).toEqual(allowed);
    });
  });
});

/** Product rule (roles.md): who may delete anything at all, per role and company kind. */
const DELETES_SOMETHING: Record<RoleKey, [plain: boolean, trw: boolean]> = {
  admin: [true, true],
  office: [true, true], // trw: critical lines only
  warehouseResp: [true, true],
  forklift: [false, false],
  kiosk: [false, false],
  client: [false, false],
  truckAccess: [false, false],
  readOnly: [false, false],
  guardia: [false, false],
  carretilleros: [false, false],
  officePerson: [true, true],
  plannerTrw: [false, true], // critical lines only, and those are trw companies'
  kioskReceptions: [false, false],
  provider: [false, false],
};

describe("deleting needs unrestricted edit of the entity (product rule)", () => {
  describe.each(ROLE_KEYS.map((role) => [role] as const))("%s", (role) => {
    it.each([false, true])("trw=%s: deletes something only if allowed to", (isTrw) => {
      const deletes = NO_DELETES.some((right) => can([role], right, isTrw));
      expect(deletes).toBe(DELETES_SOMETHING[role][isTrw ? 1 : 0]);
    });
  });

  it("never lets a role delete what it may not edit, or delete with restricted edits", () => {
    for (const isTrw of [false, true]) {
      for (const role of ROLE_KEYS) {
        for (const [right, edit] of Object.entries(DELETE_NEEDS)) {
          if (!can([role], right as Permission, isTrw)) continue;
          expect(can([role], edit, isTrw), `${role} ${right}`).toBe(true);
          for (const flag of EDIT_RESTRICTIONS) {
            expect(hasRestriction([role], flag, isTrw), `${role} ${flag}`).toBe(false);
          }
          expect(NO_DELETE_ROLES).not.toContain(role);
        }
      }
    }
  });

  it("lets client users change no trucks (no edit, delete or SMS: editTruck)", () => {
    expect(can(["client"], "editTruck", false)).toBe(false);
    expect(can(["client"], "editTruck", true)).toBe(false);
    expect(can(["client"], "addTruck", false)).toBe(false);
    expect(can(["client"], "seeTrucks", false)).toBe(true);
  });
});

describe("multi-role users: granted only if no role prohibits", () => {
  it.each([
    // [roles, isTrw, permission, expected]
    [["admin", "office"], false, "createMasters", false],
    [["admin", "office"], false, "deleteExp", true],
    [["admin", "office"], true, "deleteExp", false],
    [["admin", "office"], true, "lockdowns", false],
    [["office", "provider"], false, "addExp", false],
    [["office", "provider"], false, "addRecep", true],
    [["warehouseResp", "client"], false, "editStatus", false],
    [["warehouseResp", "client"], false, "seeFilters", true],
    [["officePerson", "admin"], false, "addTruck", false],
    [["admin", "admin"], false, "createMasters", true],
    [["kiosk", "forklift"], true, "isKiosk", false],
    [["guardia", "truckAccess"], false, "seeTrucks", true],
  ] satisfies [RoleKey[], boolean, Permission, boolean][])(
    "%j trw=%s %s -> %s",
    (roles, isTrw, permission, expected) => {
      expect(can(roles, permission, isTrw)).toBe(expected);
    },
  );

  it("grants the intersection of the roles' grants", () => {
    for (const isTrw of [false, true]) {
      for (const a of ROLE_KEYS) {
        for (const b of ROLE_KEYS) {
          const both = grantedPermissions([a, b], isTrw);
          const intersection = grantedPermissions([a], isTrw).filter((p) =>
            grantedPermissions([b], isTrw).includes(p),
          );
          expect(both, `${a}+${b} trw=${isTrw}`).toEqual(intersection);
        }
      }
    }
  });

  it("grants nothing to a user without roles", () => {
    expect(grantedPermissions([], false)).toEqual([]);
    expect(can([], "seeDashboard", true)).toBe(false);
  });
});

describe("restriction flags", () => {
  it.each([
    // [roles, isTrw, flag, expected]
    [["forklift"], false, "isForkLift", true],
    [["forklift"], true, "isForkLift", true],
    [["carretilleros"], false, "isForkLift", true],
    [["office"], false, "isForkLift", false],
    [["kiosk"], true, "isKiosk", true],
    [["kiosk"], false, "isKiosk", false],
    [["kioskReceptions"], false, "isKiosk", true],
    [["readOnly"], false, "isKiosk", true],
    [["readOnly"], true, "isKiosk", true],
    [["admin"], true, "isKiosk", false],
    [["carretilleros"], false, "onlyTruckHours", true],
    [["carretilleros"], true, "onlyTruckHours", true],
    [["forklift"], false, "onlyTruckHours", false],
    [["plannerTrw"], true, "mrpLimitations", true],
    [["plannerTrw"], false, "mrpLimitations", true],
    [["office"], true, "mrpLimitations", false],
    [["client"], false, "justClientNotes", true],
    [["forklift"], false, "justCompanyNotes", true],
    // A restriction carried by any one role applies to the user.
    [["admin", "forklift"], false, "isForkLift", true],
    [["office", "readOnly"], false, "isKiosk", true],
    [["office", "plannerTrw"], true, "mrpLimitations", true],
    [[], false, "isKiosk", false],
  ] satisfies [RoleKey[], boolean, RestrictionFlag, boolean][])(
    "%j trw=%s %s -> %s",
    (roles, isTrw, flag, expected) => {
      expect(hasRestriction(roles, flag, isTrw)).toBe(expected);
    },
  );

  it("agrees with `can` for a single role", () => {
    for (const isTrw of [false, true]) {
      for (const role of ROLE_KEYS) {
        for (const flag of RESTRICTION_FLAGS) {
          expect(hasRestriction([role], flag, isTrw)).toBe(!can([role], flag, isTrw));
        }
      }
    }
  });
});
