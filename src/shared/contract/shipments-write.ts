import { z } from "zod";
import { SHIPMENT_TYPE } from "../constants";
import { fieldCode, Id, INVALID_DATE, isSaneDate, text } from "./fields";
import { LOAD_EMPTY, LOAD_TYPES, type Shipment } from "./shipments";

/**
 * What the expedition and reception forms write (spec section 3; issue 11).
 *
 * - POST api/expedition | api/reception: create; body ExpeditionCreate | ReceptionCreate.
 * - PUT api/{expedition|reception}/uid/{uid}: create once under a client-chosen UUID (a device
 *   plans a line offline under it); a repeat answers the line already made (200), never a
 *   second one. Same body as POST.
 * - PUT api/{expedition|reception}/{id} with If-Match: edit; body ExpeditionEdit |
 *   ReceptionEdit, any subset of the fields. An absent field stays as it is, so a device
 *   re-sends only the fields its user changed (the field merge of the offline engine) and a
 *   restricted role sends only what it may change. A field the user may not change (see
 *   shared/shipment-fields.ts) is a 403 naming it, unless its value equals the current one.
 *
 * New lines start in status 998 (expedition) or 999 (reception) unless the body names a status
 * (editStatus). Every write adds a history entry with the fields it modified.
 *
 * Dates: YYYY-MM-DDTHH:mm:ss as the spec sends them, seconds and fraction optional, with Z or
 * an offset (without one the time is read as UTC). Notes: line breaks become spaces.
 */

/** YYYY-MM-DDTHH:mm[:ss[.fff]] with an optional Z or ±hh:mm. */
const WRITE_DATE_FORMAT =
  /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,9})?)?(Z|[+-]\d{2}:\d{2})?$/;

export const WriteDateTime = z
  .string()
  .max(40, { abort: true })
  .refine((value) => WRITE_DATE_FORMAT.test(value), {
    message: "Expected YYYY-MM-DDTHH:mm:ss",
    abort: true,
    ...fieldCode("invalid_date"),
  })
  .refine(isSaneDate, { message: INVALID_DATE, ...fieldCode("invalid_date") })
  .describe("YYYY-MM-DDTHH:mm:ss, optionally with Z or an offset (none: UTC)");

/** Notes keep no line breaks (spec section 5): each run of them becomes one space. */
export const notes = (max: number) =>
  text(max).transform((value) => value.replace(/[\r\n]+/g, " "));

export const NOTES_MAX = 1000;

/** Every field a form can write, as the API names them. */
const WritableFields = z.object({
  code: text(60).describe("Delivery note (required unless the company is trw)"),
  booked_date: WriteDateTime.describe("Booked date and hour (required)"),
  action_date: WriteDateTime.nullable().describe("Loading (expedition) or discharge date"),
  client: Id.nullable().describe("Client id of the company (required)"),
  client_notes: notes(NOTES_MAX),
  company_notes: notes(NOTES_MAX),
  road: text(60),
  road_number: text(30),
  packages: z.number().int().min(0).max(1_000_000).nullable(),
  shipper: Id.nullable().describe("Truck id of the company, or null"),
  shared_id: text(60),
  info_shipper: text(200),
  pallet_notes: notes(NOTES_MAX),
  route_plate: text(40),
  urgent: z.boolean(),
  groupage: z.boolean(),
  own_truck: z.boolean(),
  warehouse: text(60),
  dock: text(60),
  weight: z.number().min(0).max(1_000_000_000).nullable().describe("Not 0 for user type mexico"),
  packing_list: z.boolean().describe("The line travels with a packing list"),
  status: Id.describe("Status id of the line's type (editStatus); new lines default to 998/999"),
  reason: text(40, { min: 1 }).nullable().describe("Reason code of the status (editReasons)"),
});

const ExpeditionFields = WritableFields.extend({
  destination: text(200).describe("Destination (required in trw companies)"),
});
const ReceptionFields = WritableFields.extend({
  origin: text(200).describe("Origin (required in trw companies)"),
  load_empty: z.enum(LOAD_EMPTY).nullable(),
  load_type: z.enum(LOAD_TYPES).nullable(),
});

/** Create: booked_date and client are required (and code, destination per company: 422). */
export const ExpeditionCreate = ExpeditionFields.partial().required({ booked_date: true });
export type ExpeditionCreate = z.input<typeof ExpeditionCreate>;
export const ReceptionCreate = ReceptionFields.partial().required({ booked_date: true });
export type ReceptionCreate = z.input<typeof ReceptionCreate>;

/** Edit: any subset; absent fields stay. */
export const ExpeditionEdit = ExpeditionFields.partial();
export type ExpeditionEdit = z.input<typeof ExpeditionEdit>;
export const ReceptionEdit = ReceptionFields.partial();
export type ReceptionEdit = z.input<typeof ReceptionEdit>;

/** Every field name a write may carry (expedition and reception together). */
export const SHIPMENT_WRITE_FIELDS = [
  ...Object.keys(ExpeditionFields.shape),
  "origin",
  "load_empty",
  "load_type",
] as const;
export type ShipmentWriteField =
  | keyof z.infer<typeof ExpeditionFields>
  | keyof z.infer<typeof ReceptionFields>;

export const ShipmentUidParams = z.object({ uid: z.uuid() });

/** 403 naming the fields this user may not change (nothing was written). */
export const FORBIDDEN_FIELD_MESSAGE = "You may not change this field";

/** A line's writable values as a write body names them (client and truck by id). */
export type ShipmentWriteValues = ExpeditionEdit & ReceptionEdit;

/**
 * The writable values of a line as the API answers it, in write-body form: the form starts
 * from these, a save sends the ones that differ (`changedValues`), and the offline field merge
 * compares a base, a device's and the server's values in this form.
 */
export function writeValuesOf(row: Shipment): ShipmentWriteValues {
  const common: ShipmentWriteValues = {
    code: row.code,
    booked_date: row.booked_date,
    action_date: row.action_date,
    client: row.client?.id ?? null,
    client_notes: row.client_notes,
    company_notes: row.company_notes,
    road: row.road,
    road_number: row.road_number,
    packages: row.packages,
    shipper: row.shipper?.id ?? null,
    shared_id: row.shared_id,
    info_shipper: row.info_shipper,
    pallet_notes: row.pallet_notes,
    route_plate: row.route_plate,
    urgent: row.urgent,
    groupage: row.groupage,
    own_truck: row.own_truck,
    warehouse: row.warehouse,
    dock: row.dock,
    weight: row.weight,
    packing_list: row.packing_list,
    status: row.status.id,
    reason: row.reason?.code ?? null,
  };
  if (row.type === SHIPMENT_TYPE.expedition) return { ...common, destination: row.destination };
  return {
    ...common,
    origin: row.origin,
    load_empty: row.load_empty,
    load_type: row.load_type,
  };
}

const DATE_FIELDS = new Set(["booked_date", "action_date"]);

/** A write date as an instant: without Z or an offset the time is UTC (the contract's rule). */
export function writeInstant(value: string): Date {
  return new Date(/(Z|[+-]\d{2}:\d{2})$/.test(value) ? value : `${value}Z`);
}

/** Two write values are the same (dates compared as instants, so offsets do not matter). */
export function sameWriteValue(field: string, a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (DATE_FIELDS.has(field) && typeof a === "string" && typeof b === "string") {
    const [left, right] = [writeInstant(a).getTime(), writeInstant(b).getTime()];
    return !Number.isNaN(left) && left === right;
  }
  return false;
}

/** The fields of `next` whose value differs from `initial`: what an edit sends. */
export function changedValues(
  initial: ShipmentWriteValues,
  next: ShipmentWriteValues,
): ShipmentWriteValues {
  const changed: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(next)) {
    if (value === undefined) continue;
    if (!sameWriteValue(field, initial[field as keyof ShipmentWriteValues], value)) {
      changed[field] = value;
    }
  }
  return changed as ShipmentWriteValues;
}
