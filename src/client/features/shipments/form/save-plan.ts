import type { z } from "zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { FieldError } from "../../../../shared/contract/errors";
import type { Shipment } from "../../../../shared/contract/shipments";
import {
  changedValues,
  ExpeditionCreate,
  ExpeditionEdit,
  ReceptionCreate,
  ReceptionEdit,
  type ShipmentWriteValues,
  writeValuesOf,
} from "../../../../shared/contract/shipments-write";
import { DEFAULT_STATUS, type ShipmentType } from "../../../../shared/contract/status";
import {
  missesMandatory,
  shipmentFieldErrors,
  type ValidationContext,
} from "../../../../shared/shipment-validation";

/**
 * What pressing Save does with the form's values (pure; `use-shipment-save.ts` carries it out):
 * the spec's save rules (shared with the server), then the write contract's own limits (a
 * typed "abc" or 1.5 packages, a too long text), so nothing the server would refuse is queued.
 *
 * - create: the body of a new line (values left empty are not sent; the server's defaults);
 * - edit: only the fields that differ from the line as the form opened it;
 * - unchanged: an edit that changes nothing;
 * - invalid: field errors as codes; `mandatory` when a required field is missing (the
 *   fill_mandatory warning). An edit answers only for the fields it changes, so an older line
 *   missing what is now required can still get its notes changed.
 */
export type SavePlan =
  | { kind: "create"; body: ExpeditionCreate }
  | { kind: "edit"; changes: ShipmentWriteValues }
  | { kind: "unchanged" }
  | { kind: "invalid"; errors: Record<string, FieldError[]>; mandatory: boolean };

/** A create body: the values set, without the empty defaults the server fills in anyway. */
export function createBody(type: ShipmentType, values: ShipmentWriteValues): ExpeditionCreate {
  const body: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined || value === null || value === "" || value === false) continue;
    if (field === "status" && value === DEFAULT_STATUS[type]) continue;
    body[field] = value;
  }
  return body as ExpeditionCreate;
}

const SIZED = new Set(["string", "array"]);

/** A zod issue of the write contract as the field code the form translates. */
export function issueFieldError(issue: z.core.$ZodIssue, value: unknown): FieldError {
  const custom = (issue as { params?: { fieldCode?: FieldError["code"] } }).params?.fieldCode;
  if (custom) return { code: custom };
  switch (issue.code) {
    case "invalid_type":
      return { code: value === undefined ? "required" : "invalid" };
    case "too_small": {
      const min = Number(issue.minimum) + (issue.inclusive === false ? 1 : 0);
      return { code: SIZED.has(issue.origin) ? "too_short" : "too_small", min };
    }
    case "too_big": {
      const max = Number(issue.maximum) - (issue.inclusive === false ? 1 : 0);
      return { code: SIZED.has(issue.origin) ? "too_long" : "too_big", max };
    }
    case "invalid_value":
      return { code: "invalid_choice" };
    default:
      return { code: "invalid" };
  }
}

function contractErrors(
  schema: z.ZodType,
  body: Record<string, unknown>,
): Record<string, FieldError[]> {
  const parsed = schema.safeParse(body);
  if (parsed.success) return {};
  const errors: Record<string, FieldError[]> = {};
  for (const issue of parsed.error.issues) {
    const field = String(issue.path[0] ?? "body");
    errors[field] = [...(errors[field] ?? []), issueFieldError(issue, body[field])];
  }
  return errors;
}

export function planSave(
  type: ShipmentType,
  row: Shipment | null,
  values: ShipmentWriteValues,
  context: ValidationContext,
): SavePlan {
  const isExpedition = type === SHIPMENT_TYPE.expedition;
  const changes = row ? changedValues(writeValuesOf(row), values) : values;
  if (row && Object.keys(changes).length === 0) return { kind: "unchanged" };
  const rules = Object.entries(shipmentFieldErrors(values, context)).filter(
    ([field]) => !row || field in changes,
  );
  const body = row ? changes : createBody(type, values);
  const schema = row
    ? isExpedition
      ? ExpeditionEdit
      : ReceptionEdit
    : isExpedition
      ? ExpeditionCreate
      : ReceptionCreate;
  // The save rules speak first (e.g. "required" rather than the contract's "invalid").
  const errors: Record<string, FieldError[]> = {
    ...contractErrors(schema, body as Record<string, unknown>),
    ...Object.fromEntries(rules.map(([field, list]) => [field, list ?? []])),
  };
  if (Object.keys(errors).length > 0) {
    return { kind: "invalid", errors, mandatory: missesMandatory(Object.fromEntries(rules)) };
  }
  return row ? { kind: "edit", changes } : { kind: "create", body: body as ExpeditionCreate };
}
