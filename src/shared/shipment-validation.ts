import { SHIPMENT_TYPE } from "./constants";
import type { USER_TYPES } from "./contract/auth";
import type { FieldError } from "./contract/errors";
import type { ShipmentWriteValues } from "./contract/shipments-write";
import type { ShipmentType } from "./contract/status";

/**
 * The spec's save rules of the expedition and reception forms (section 5), shared by the form
 * (before sending; the fill_mandatory warning) and the server (400 validation_error with
 * field_codes). `values` is the whole line as it would be saved: on an edit, the server passes
 * the current row with the request's fields laid over it.
 *
 * - code (delivery note): required unless the company is trw;
 * - client and booked_date: required;
 * - destination (expedition) / origin (reception): required in trw companies;
 * - packages: not negative;
 * - weight: not 0 for user type mexico (the Mexican variant).
 */
export interface ValidationContext {
  type: ShipmentType;
  isTrw: boolean;
  userType: (typeof USER_TYPES)[number];
}

export type ShipmentFieldErrors = Partial<Record<keyof ShipmentWriteValues, FieldError[]>>;

const blank = (value: unknown): boolean =>
  value === undefined || value === null || (typeof value === "string" && value.trim() === "");

/** The place field of the line's type. */
export function placeField(type: ShipmentType): "destination" | "origin" {
  return type === SHIPMENT_TYPE.expedition ? "destination" : "origin";
}

export function shipmentFieldErrors(
  values: ShipmentWriteValues,
  context: ValidationContext,
): ShipmentFieldErrors {
  const errors: ShipmentFieldErrors = {};
  const required = (field: keyof ShipmentWriteValues) => {
    if (blank(values[field])) errors[field] = [{ code: "required" }];
  };
  if (!context.isTrw) required("code");
  required("client");
  required("booked_date");
  if (context.isTrw) required(placeField(context.type));
  if (typeof values.packages === "number" && values.packages < 0) {
    errors.packages = [{ code: "too_small", min: 0 }];
  }
  if (context.userType === "mexico" && values.weight === 0) {
    errors.weight = [{ code: "not_zero" }];
  }
  return errors;
}

/** True when some required field is missing: the form's fill_mandatory warning. */
export function missesMandatory(errors: ShipmentFieldErrors): boolean {
  return Object.values(errors).some((list) => list?.some((error) => error.code === "required"));
}
