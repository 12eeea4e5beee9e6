/**
 * Roles of spec section 6. The spec's numeric ids are kept as data, but roles are keyed by
 * name: id 10 is used both by truckAccess (non-trw) and by guardia.
 */
export const ROLE_KEYS = [
  "admin",
  "office",
  "warehouseResp",
  "forklift",
  "kiosk",
  "client",
  "truckAccess",
  "readOnly",
  "guardia",
  "carretilleros",
  "officePerson",
  "plannerTrw",
  "kioskReceptions",
  "provider",
] as const;

export type RoleKey = (typeof ROLE_KEYS)[number];

export interface RoleDefinition {
  /** Id the spec gives the role (non-trw companies). */
  id: number;
  /** Id for trw companies where the spec gives a different one. */
  trwId?: number;
  /** Human description, as sent in the user's roles (api/user/auth). */
  description: string;
}

export const ROLES = {
  admin: { id: 5, description: "admin" },
  office: { id: 1, description: "office" },
  warehouseResp: { id: 2, description: "warehouse-responsible" },
  forklift: { id: 6, description: "forklift" },
  kiosk: { id: 4, description: "kiosk" },
  client: { id: 3, description: "client" },
  truckAccess: { id: 10, trwId: 14, description: "acceso-camion" },
  readOnly: { id: 11, description: "read-only" },
  guardia: { id: 10, description: "guardia" },
  carretilleros: { id: 9, description: "carretilleros" },
  officePerson: { id: 8, description: "office-person" },
  plannerTrw: { id: 7, description: "planner-trw" },
  kioskReceptions: { id: 13, description: "kiosk-receptions" },
  provider: { id: 12, description: "provider" },
} as const satisfies Record<RoleKey, RoleDefinition>;

/** The role description whose holders see no top-bar tabs (spec section 2). */
export const TRUCK_ACCESS_DESCRIPTION = ROLES.truckAccess.description;

export function isRoleKey(value: string): value is RoleKey {
  return (ROLE_KEYS as readonly string[]).includes(value);
}

export function roleIdFor(role: RoleKey, isTrw: boolean): number {
  const definition: RoleDefinition = ROLES[role];
  return isTrw && definition.trwId !== undefined ? definition.trwId : definition.id;
}

/** The kiosk roles (wall displays): rotating chrome-less pages, no actions, auto-updates. */
export const KIOSK_ROLES: readonly RoleKey[] = ["kiosk", "kioskReceptions"];

export function isKioskUser(roles: readonly RoleKey[]): boolean {
  return roles.some((role) => KIOSK_ROLES.includes(role));
}
