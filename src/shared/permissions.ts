import type { RoleKey } from "./roles";

/**
 * Permission matrix of spec section 6. A permission is granted only when no role of the user
 * prohibits it. Some names are restriction flags rather than rights (isForkLift, isKiosk,
 * justClientNotes, justCompanyNotes, onlyTruckHours, mrpLimitations): a role that prohibits
 * the flag is the role the restriction applies to; use `hasRestriction` for those.
 *
 * Two product rules tighten the spec's matrix where, read literally, it let restricted roles
 * destroy data (issue 9; roles.md beside this file explains them):
 * - Deleting needs unrestricted edit of that entity (DELETE_NEEDS): roles whose edits are
 *   restricted (justClientNotes, justCompanyNotes, onlyTruckHours), kiosks, read-only and gate
 *   roles (NO_DELETE_ROLES) delete nothing, and no role deletes what it may not edit.
 * - Client users change no trucks (no editTruck: no truck edit, delete or SMS).
 * - editTasklist (not a spec name) writes the task list (lines, tasks, descriptions); it is
 *   one of "all writes", so read-only and guard users, who may see the list, write nothing.
 * - Critical lines are trw companies' (spec 01 section 2): elsewhere no role holds
 *   seeCriticalLines, addCL, editCL or deleteCL.
 * The server (requirePermission) and the UI (`can`) both read this matrix.
 */
export const PERMISSIONS = [
  "createMasters",
  "addExp",
  "addRecep",
  "addTruck",
  "editTruck",
  "editExp",
  "editRecep",
  "deleteExp",
  "deleteRecep",
  "seeFilters",
  "seeOriginFilter",
  "seeHistory",
  "editStatus",
  "editReasons",
  "justClientNotes",
  "justCompanyNotes",
  "isForkLift",
  "isKiosk",
  "seeTasklist",
  "editTasklist",
  "lockdowns",
  "addCL",
  "editCL",
  "deleteCL",
  "onlyTruckHours",
  "mrpLimitations",
  "seeDashboard",
  "seeTrucks",
  "seeExpeditions",
  "seeReceptions",
  "seeCriticalLines",
  "seeBi",
  "repeats",
] as const;

export type Permission = (typeof PERMISSIONS)[number];

export const RESTRICTION_FLAGS = [
  "isForkLift",
  "isKiosk",
  "justClientNotes",
  "justCompanyNotes",
  "onlyTruckHours",
  "mrpLimitations",
] as const satisfies readonly Permission[];

export type RestrictionFlag = (typeof RESTRICTION_FLAGS)[number];

/** Every write right; "all writes" in the spec's summaries. */
const ALL_WRITES = [
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
] as const satisfies readonly Permission[];

interface Prohibitions {
  base: readonly Permission[];
  /** Added to `base` when the company is trw. */
  trw: readonly Permission[];
}

const FORKLIFT: Prohibitions = {
  base: [
    "createMasters",
    "addExp",
    "addRecep",
    "addTruck",
    "editTruck",
    "seeHistory",
    "justCompanyNotes",
    "isForkLift",
    "seeTasklist",
  ],
  trw: ["lockdowns", "deleteExp", "deleteRecep"],
};

const KIOSK: Prohibitions = {
  base: [
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
  ],
  trw: ["lockdowns", "addCL", "isKiosk", "deleteExp", "deleteRecep"],
};

export const PROHIBITIONS = {
  admin: { base: [], trw: ["lockdowns"] },
  office: { base: ["createMasters"], trw: ["deleteExp", "deleteRecep"] },
  warehouseResp: {
    base: ["createMasters", "seeHistory", "seeTasklist"],
    trw: ["deleteExp", "deleteRecep"],
  },
  forklift: FORKLIFT,
  kiosk: KIOSK,
  client: {
    base: [
      "createMasters",
      "addExp",
      "addRecep",
      "addTruck",
      "seeHistory",
      "editStatus",
      "editReasons",
      "justClientNotes",
      "seeTasklist",
      // Product rule: client users change no trucks (edit, delete, SMS).
      "editTruck",
    ],
    trw: ["lockdowns", "deleteExp", "deleteRecep"],
  },
  truckAccess: {
    base: [
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
    ],
    trw: [],
  },
  readOnly: {
    base: [...ALL_WRITES, "seeFilters", "seeHistory", "seeTasklist", "lockdowns", "isKiosk"],
    trw: [],
  },
  guardia: {
    base: [...ALL_WRITES, "seeDashboard", "seeExpeditions", "seeReceptions", "seeBi"],
    trw: [],
  },
  carretilleros: { base: [...FORKLIFT.base, "onlyTruckHours"], trw: FORKLIFT.trw },
  officePerson: { base: ["createMasters", "addTruck", "editTruck"], trw: [] },
  plannerTrw: {
    base: [
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
    ],
    trw: [],
  },
  kioskReceptions: { base: [...KIOSK.base, ...KIOSK.trw], trw: [] },
  provider: {
    base: [
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
    ],
    trw: [],
  },
} as const satisfies Record<RoleKey, Prohibitions>;

/** Each delete right and the edit right it needs, unrestricted. */
export const DELETE_NEEDS = {
  deleteExp: "editExp",
  deleteRecep: "editRecep",
  deleteCL: "editCL",
} as const satisfies Partial<Record<Permission, Permission>>;

const DELETES = Object.keys(DELETE_NEEDS) as (keyof typeof DELETE_NEEDS)[];

/** Restriction flags that narrow a role's edits to some fields: such a role deletes nothing. */
export const EDIT_RESTRICTIONS = [
  "justClientNotes",
  "justCompanyNotes",
  "onlyTruckHours",
] as const satisfies readonly RestrictionFlag[];

/** Roles that delete nothing whatever the spec's matrix says: kiosks, read-only, gate roles. */
export const NO_DELETE_ROLES: readonly RoleKey[] = [
  "kiosk",
  "kioskReceptions",
  "readOnly",
  "guardia",
  "truckAccess",
];

/** What only trw companies have: their critical lines (spec 01 section 2, issue 25). */
export const TRW_ONLY: readonly Permission[] = ["seeCriticalLines", "addCL", "editCL", "deleteCL"];

/** The spec's prohibitions of a role, plus the deletes the product rule takes away. */
export function prohibitedBy(role: RoleKey, isTrw: boolean): ReadonlySet<Permission> {
  const entry: Prohibitions = PROHIBITIONS[role];
  const prohibited = new Set<Permission>(
    isTrw ? [...entry.base, ...entry.trw] : [...entry.base, ...TRW_ONLY],
  );
  const deletesNothing =
    NO_DELETE_ROLES.includes(role) || EDIT_RESTRICTIONS.some((flag) => prohibited.has(flag));
  for (const right of DELETES) {
    if (deletesNothing || prohibited.has(DELETE_NEEDS[right])) prohibited.add(right);
  }
  return prohibited;
}

/** True when no role of the user prohibits the permission. A user with no role gets nothing. */
export function can(roles: readonly RoleKey[], permission: Permission, isTrw: boolean): boolean {
  if (roles.length === 0) return false;
  return roles.every((role) => !prohibitedBy(role, isTrw).has(permission));
}

/** True when some role of the user carries the restriction (prohibits the flag). */
export function hasRestriction(
  roles: readonly RoleKey[],
  flag: RestrictionFlag,
  isTrw: boolean,
): boolean {
  return roles.some((role) => prohibitedBy(role, isTrw).has(flag));
}

export function grantedPermissions(roles: readonly RoleKey[], isTrw: boolean): Permission[] {
  return PERMISSIONS.filter((permission) => can(roles, permission, isTrw));
}
