import { z } from "zod";
import { SHIPMENT_TYPE } from "../constants";
import { TIMING_CLASSES } from "../shipment-timing";
import { DateTimeBound, QueryId, text } from "./fields";
import { MAX_PAGE_SIZE, PagingQuery } from "./paging";

/**
 * Shipment lines (spec section 3): expeditions (type 1, outgoing) and receptions (type 2,
 * incoming). Both share one shape; an expedition names its `destination`, a reception its
 * `origin` and adds load_empty and load_type. action_date is the loading date of an
 * expedition and the discharge date of a reception. Dates are ISO 8601 instants (UTC).
 */
export const LOAD_EMPTY = ["load", "empty"] as const;
export const LOAD_TYPES = ["full", "not_full"] as const;

export const ShipmentClient = z.object({ id: z.number().int(), description: z.string() });
export const ShipmentTruck = z.object({
  id: z.number().int(),
  name: z.string(),
  /** E.164 or null (the SMS icon shows only when set). */
  phone: z.string().nullable(),
  plate: z.string(),
});
export const ShipmentStatus = z.object({
  id: z.number().int(),
  /** Translation key (see contract/status.ts for the table). */
  description: z.string(),
  color: z.string(),
});
export const ShipmentReason = z.object({
  id: z.number().int(),
  code: z.string(),
  /** Translation key. */
  name: z.string(),
});

/** The live carrier booking states a line shows (contract/carrier-booking.ts). */
export const LINE_CARRIER_BOOKINGS = ["confirmed", "to_confirm"] as const;

const ShipmentBase = z.object({
  id: z.number().int(),
  /** Client-chosen id of its creation (PUT api/expedition/uid/{uid}); random when created by POST. */
  uid: z.uuid(),
  company: z.number().int(),
  /** Delivery note. */
  code: z.string(),
  booked_date: z.string(),
  /** Loading date (expeditions) or discharge date (receptions). */
  action_date: z.string().nullable(),
  arrival_date: z.string().nullable(),
  client: ShipmentClient.nullable(),
  client_notes: z.string(),
  company_notes: z.string(),
  road: z.string(),
  road_number: z.string(),
  packages: z.number().int().min(0).nullable(),
  /** The truck. */
  shipper: ShipmentTruck.nullable(),
  shared_id: z.string(),
  info_shipper: z.string(),
  pallet_notes: z.string(),
  route_plate: z.string(),
  urgent: z.boolean(),
  status: ShipmentStatus,
  reason: ShipmentReason.nullable(),
  own_truck: z.boolean(),
  groupage: z.boolean(),
  warehouse: z.string(),
  dock: z.string(),
  weight: z.number().nullable(),
  /** The line travels with a packing list. */
  packing_list: z.boolean(),
  /** Recurrence rule (RFC 5545 RRULE) the line was created from, or null. */
  rrule_str: z.string().nullable(),
  /** User who created the line. */
  user: z.number().int().nullable(),
  /**
   * A carrier booked the line on the public booking page (issue 29): confirmed, or to_confirm
   * while the office has not answered; null when no carrier booked it.
   */
  carrier_booking: z.enum(LINE_CARRIER_BOOKINGS).nullable(),
  /** in_time, forward or delay (rule in src/shared/shipment-timing.ts). */
  timing: z.enum(TIMING_CLASSES),
  /** Row version: the ETag, and what If-Match must name to change the row. */
  version: z.number().int(),
  created: z.string(),
  updated: z.string(),
});

export const Expedition = ShipmentBase.extend({
  type: z.literal(SHIPMENT_TYPE.expedition),
  destination: z.string(),
});
export type Expedition = z.infer<typeof Expedition>;

export const Reception = ShipmentBase.extend({
  type: z.literal(SHIPMENT_TYPE.reception),
  origin: z.string(),
  load_empty: z.enum(LOAD_EMPTY).nullable(),
  load_type: z.enum(LOAD_TYPES).nullable(),
});
export type Reception = z.infer<typeof Reception>;

export const Shipment = z.discriminatedUnion("type", [Expedition, Reception]);
export type Shipment = z.infer<typeof Shipment>;

/** `client=1&client=2`, `client=1,2` or `client=1`: one or more ids. */
const IdList = z.preprocess(
  (value) =>
    (Array.isArray(value) ? value : [value])
      .flatMap((item) => (typeof item === "string" ? item.split(",") : [item]))
      .filter((item) => item !== ""),
  z.array(QueryId).max(100),
);

const Contains = (what: string) =>
  text(120).optional().describe(`${what} contains (case-insensitive)`);

const Flag = z
  .enum(["true", "false", "1", "0"])
  .optional()
  .transform((value) => value === "true" || value === "1");

export const ShipmentListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(10),
  booked_date_after: DateTimeBound.optional().describe("Booked on or after (inclusive)"),
  booked_date_before: DateTimeBound.optional().describe(
    "Booked on or before (inclusive: a minute or a day bound covers the whole minute or day)",
  ),
  code: Contains("Delivery note"),
  search: Contains("Delivery note, route plate or the assigned truck's plate (one search box)"),
  route_plate: Contains("Route plate"),
  info_shipper: Contains("Truck information"),
  client: IdList.optional().describe("Client id, repeatable (client=1&client=2) or comma list"),
  status: IdList.optional().describe("Status id, repeatable (status=1&status=3) or comma list"),
  show_issued: Flag.describe(
    "Company kl: include lines in status 3 (issued), left out by default unless status names 3",
  ),
});
export type ShipmentListQuery = z.infer<typeof ShipmentListQuery>;

export const ReceptionListQuery = ShipmentListQuery.extend({ origin: Contains("Origin") });
export type ReceptionListQuery = z.infer<typeof ReceptionListQuery>;

/**
 * PATCH body: exactly one of status (a status id of the line's type), reason (a reason code of
 * the line's current status, or null to clear it) or shipper (a truck id of the company, or
 * null). The answer is the updated line.
 */
export const ShipmentPatch = z
  .object({
    status: QueryId.optional().describe("New status id (editStatus); clears the reason"),
    reason: text(40, { min: 1 })
      .nullable()
      .optional()
      .describe("Reason code of the current status, or null (editReasons)"),
    shipper: QueryId.nullable()
      .optional()
      .describe("Truck id, or null to unassign (editExp / editRecep)"),
  })
  .refine(
    (body) =>
      [body.status, body.reason, body.shipper].filter((value) => value !== undefined).length === 1,
    { message: "Send exactly one of status, reason or shipper" },
  )
  .describe("Exactly one of status, reason or shipper");
export type ShipmentPatch = z.infer<typeof ShipmentPatch>;

export const HistoryUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});

export const FieldChange = z.object({ old: z.unknown(), new: z.unknown() });

/**
 * One change of a shipment. modified_fields maps each changed field to its old and new value:
 * status as a status id, reason as a reason code, shipper as the truck's plate, deleted as the
 * deletion instant. status and reason are the line's state after the change.
 */
export const HistoryEntry = z.object({
  id: z.number().int(),
  shipment: z.number().int(),
  created: z.string(),
  /** Null when the user no longer exists (the client shows unknown_user). */
  user: HistoryUser.nullable(),
  status: ShipmentStatus.nullable(),
  reason: ShipmentReason.nullable(),
  modified_fields: z.record(z.string(), FieldChange),
});
export type HistoryEntry = z.infer<typeof HistoryEntry>;

export const HistoryQuery = PagingQuery.extend({
  shipment: QueryId.describe("The shipment (expedition or reception) id"),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});
