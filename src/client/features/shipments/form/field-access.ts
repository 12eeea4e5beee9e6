import type { ShipmentWriteField } from "../../../../shared/contract/shipments-write";
import {
  canCreateShipment,
  canEditShipment,
  canWriteField,
  type FieldAccessInput,
} from "../../../../shared/shipment-fields";

export interface FormAccess {
  /** The user may save this form at all (addExp/addRecep to create, editExp/editRecep to edit). */
  maySave: boolean;
  /** May this field be changed here? (the server enforces the same rule: 403 read_only) */
  editable: (field: ShipmentWriteField) => boolean;
}

/**
 * Which of the form's fields the user may change (spec section 6): the role's rights and
 * restrictions through `canWriteField` (src/shared/shipment-fields.ts), nothing with the
 * `read_only` query or while a save is under way.
 */
export function formAccess(
  access: FieldAccessInput,
  creating: boolean,
  options: { readOnly: boolean; busy?: boolean },
): FormAccess {
  const maySave =
    !options.readOnly && (creating ? canCreateShipment(access) : canEditShipment(access));
  return {
    maySave,
    editable: (field) => maySave && !options.busy && canWriteField(access, field, creating),
  };
}
