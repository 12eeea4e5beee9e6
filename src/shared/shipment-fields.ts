import { SHIPMENT_TYPE } from "./constants";
import type { ShipmentWriteField } from "./contract/shipments-write";
import type { ShipmentType } from "./contract/status";
import { can, hasRestriction, type Permission } from "./permissions";
import type { RoleKey } from "./roles";

/**
 * Which fields of an expedition or reception a user may write (issue 11; the reading of the
 * spec's restriction names is written down in roles.md, "Field permissions"). The server
 * refuses a forbidden field with a 403 naming it; the form shows the same fields read-only.
 *
 * - Editing needs editExp (expeditions) or editRecep (receptions); without it, nothing.
 * - A role's restriction narrows its edits: onlyTruckHours to the truck and the hours
 *   (carretilleros, whose forklift base also names justCompanyNotes: the narrower rule wins),
 *   justCompanyNotes to company_notes (forklift), justClientNotes to client_notes (client).
 * - status needs editStatus as well, reason needs editReasons.
 * - Several roles: a field is writable when every role allows it (as `can` reads the matrix).
 * - Creating needs addExp or addRecep; a creator writes every field (status and reason still
 *   need editStatus and editReasons). No role that may add carries an edit restriction.
 */
export const TRUCK_AND_HOURS: readonly ShipmentWriteField[] = [
  "shipper",
  "booked_date",
  "action_date",
];

const EDIT_RIGHT = {
  [SHIPMENT_TYPE.expedition]: "editExp",
  [SHIPMENT_TYPE.reception]: "editRecep",
} as const satisfies Record<ShipmentType, Permission>;

const ADD_RIGHT = {
  [SHIPMENT_TYPE.expedition]: "addExp",
  [SHIPMENT_TYPE.reception]: "addRecep",
} as const satisfies Record<ShipmentType, Permission>;

/** Fields needing a right of their own on top of the edit or add right. */
const FIELD_RIGHTS: Partial<Record<ShipmentWriteField, Permission>> = {
  status: "editStatus",
  reason: "editReasons",
};

export interface FieldAccessInput {
  roles: readonly RoleKey[];
  type: ShipmentType;
  isTrw: boolean;
}

/** "all", or the only fields a role's restriction leaves it. */
function roleEditable(role: RoleKey, isTrw: boolean): "all" | readonly ShipmentWriteField[] {
  const roles = [role];
  if (hasRestriction(roles, "onlyTruckHours", isTrw)) return TRUCK_AND_HOURS;
  if (hasRestriction(roles, "justCompanyNotes", isTrw)) return ["company_notes"];
  if (hasRestriction(roles, "justClientNotes", isTrw)) return ["client_notes"];
  return "all";
}

export function canCreateShipment({ roles, type, isTrw }: FieldAccessInput): boolean {
  return can(roles, ADD_RIGHT[type], isTrw);
}

export function canEditShipment({ roles, type, isTrw }: FieldAccessInput): boolean {
  return can(roles, EDIT_RIGHT[type], isTrw);
}

/** May this user write `field` when editing (`creating` false) or creating a line? */
export function canWriteField(
  input: FieldAccessInput,
  field: ShipmentWriteField,
  creating: boolean,
): boolean {
  const { roles, isTrw } = input;
  if (creating ? !canCreateShipment(input) : !canEditShipment(input)) return false;
  const extra = FIELD_RIGHTS[field];
  if (extra && !can(roles, extra, isTrw)) return false;
  if (creating) return true;
  return roles.every((role) => {
    const editable = roleEditable(role, isTrw);
    return editable === "all" || editable.includes(field);
  });
}

/** The fields of `fields` this user may not write: what a 403 names. */
export function forbiddenFields(
  input: FieldAccessInput,
  fields: readonly ShipmentWriteField[],
  creating: boolean,
): ShipmentWriteField[] {
  return fields.filter((field) => !canWriteField(input, field, creating));
}
