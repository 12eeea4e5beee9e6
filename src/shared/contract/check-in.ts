import { z } from "zod";
import { LOCALES } from "../constants";
import type { RoleKey } from "../roles";
import { Id, text } from "./fields";
import { Expedition, Reception, ShipmentClient } from "./shipments";
import { PlateInput, Shipper, TruckNameInput } from "./trucks";

/**
 * The gate (issue 15): the check-in terminal (/truck-system) validates a delivery reference for
 * a check-in type, checks a truck in to one of the day's matching lines (arrival) and out by
 * plate (departure). Check-in types (spec section 9): 1 load (expeditions), 2 download
 * (receptions), the same ids as the shipment types.
 */
export const CHECK_IN_TYPES = { load: 1, download: 2 } as const;
export const CheckInType = z.coerce
  .number()
  .int()
  .refine((value) => value === 1 || value === 2, { message: "Check-in type is 1 or 2" })
  .transform((value) => value as 1 | 2);

/** The check-in confirmation closes by itself after this (spec section 9). */
export const CHECK_IN_MODAL_MS = 60_000;

/**
 * Who works the gate: truck access and the office roles (the route guard lets them reach
 * /truck-system). A user checks in when one of their roles is among these and none is a role
 * the gate is closed to (forklift, kiosk, client...): a combined role never widens access.
 */
export const CHECK_IN_ROLES: readonly RoleKey[] = [
  "admin",
  "office",
  "warehouseResp",
  "truckAccess",
];

export function canCheckIn(roles: readonly RoleKey[]): boolean {
  return roles.length > 0 && roles.every((role) => CHECK_IN_ROLES.includes(role));
}

/** Why the gate refused, as the API's `code` (the terminal says each in the driver's words). */
export const CHECK_IN_REFUSALS = [
  "line_taken",
  "line_mismatch",
  "truck_departed",
  "truck_not_arrived",
] as const;
export type CheckInRefusal = (typeof CHECK_IN_REFUSALS)[number];

export const Reference = text(60, { min: 1, minMessage: "Enter the delivery reference" });

export const ValidateQuery = z.object({
  reference: Reference.describe("Delivery reference (the line's delivery note), exact match"),
  type: CheckInType.describe("1 load (expeditions), 2 download (receptions)"),
});

/** One of the day's lines a reference matches, as the terminal shows it. */
export const CheckInLine = z.object({
  id: z.number().int(),
  type: z.union([z.literal(1), z.literal(2)]),
  code: z.string(),
  booked_date: z.string(),
  client: ShipmentClient.nullable(),
  warehouse: z.string(),
  dock: z.string(),
  /** The truck already on the line (plate), or null: a line with a truck takes no other. */
  truck: z.string().nullable(),
  arrival_date: z.string().nullable(),
});
export type CheckInLine = z.infer<typeof CheckInLine>;

export const ValidateAnswer = z.object({
  results: z.array(CheckInLine),
  /**
   * With no result: the reference exists on another day ("other_day") or for the other type
   * ("other_type"), else null. The terminal tells the driver which.
   */
  hint: z.enum(["other_day", "other_type"]).nullable(),
});
export type ValidateAnswer = z.infer<typeof ValidateAnswer>;

/** The phone's country as typed at the gate (two letters, stored in capitals), optional. */
const PhoneCountry = z
  .string()
  .regex(/^[A-Za-z]{2}$/)
  .transform((value) => value.toUpperCase())
  .nullable()
  .optional();

/** A truck signed up at the gate: plate and name, phone optional. */
export const GateTruck = z.object({
  plate: PlateInput,
  name: TruckNameInput,
  phone: text(32, { trim: false }).nullable().optional(),
  country_code: PhoneCountry,
});
export type GateTruckInput = z.input<typeof GateTruck>;

/**
 * PUT api/check-in/uid/{uid}: the line and its type (as validated), and the truck: an existing
 * one by id, or by plate (the company's truck with that plate when there is one, else a new
 * truck with that plate, name and phone).
 */
export const CheckInInput = z
  .object({
    line: Id,
    type: CheckInType,
    shipper: Id.optional(),
    truck: GateTruck.optional(),
    language: z.enum(LOCALES).optional().describe("The driver's language for the SMS (en)"),
  })
  .refine((body) => (body.shipper === undefined) !== (body.truck === undefined), {
    message: "Send exactly one of shipper or truck",
    path: ["shipper"],
  });
export type CheckInInput = z.input<typeof CheckInInput>;

const CheckInInfo = z.object({
  check_in: z.object({
    uid: z.uuid(),
    truck: Shipper,
    warehouse: z.string(),
    dock: z.string(),
    /** Dock instructions went to the driver's phone. */
    sms_sent: z.boolean(),
  }),
});

/** The line as it is after the check-in (truck and arrival set), with the check-in's facts. */
export const CheckInAnswer = z.discriminatedUnion("type", [
  Expedition.extend(CheckInInfo.shape),
  Reception.extend(CheckInInfo.shape),
]);
export type CheckInAnswer = z.infer<typeof CheckInAnswer>;

/** PUT api/check-out/uid/{uid}: the truck by plate. */
export const CheckOutInput = z.object({ plate: PlateInput });
export type CheckOutInput = z.input<typeof CheckOutInput>;

/** The truck as it is after the check-out (departure set). */
export const CheckOutAnswer = Shipper.extend({
  check_out: z.object({ uid: z.uuid(), line: z.number().int().nullable() }),
});
export type CheckOutAnswer = z.infer<typeof CheckOutAnswer>;

export const CheckInUidParams = z.object({
  uid: z.uuid().describe("Client-generated UUID of the check-in or check-out"),
});

/** The company's public self check-in page (/check-in/{token}); token null when there is none. */
export const CheckInPageAnswer = z.object({ token: z.string().nullable() });
export type CheckInPageAnswer = z.infer<typeof CheckInPageAnswer>;

/** Who may give the public page a new address or take it down: the office roles. */
export const CHECK_IN_PAGE_ROLES: readonly RoleKey[] = ["admin", "office", "warehouseResp"];

export const PublicTokenParams = z.object({ token: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) });

/** What the public page knows about itself: the company's name, nothing else. */
export const PublicPageAnswer = z.object({ company: z.string() });
export type PublicPageAnswer = z.infer<typeof PublicPageAnswer>;

/** The driver's own check-in from a phone: reference, plate, name and phone. */
export const SelfCheckInInput = z.object({
  reference: Reference,
  plate: PlateInput,
  name: TruckNameInput,
  phone: text(32, { trim: false, min: 1 }),
  country_code: PhoneCountry,
  language: z.enum(LOCALES).optional().describe("The page's language, for the SMS (en)"),
});
export type SelfCheckInInput = z.input<typeof SelfCheckInInput>;

/** Only where and when: warehouse, dock and the booked time of that reference. */
export const SelfCheckInAnswer = z.object({
  warehouse: z.string(),
  dock: z.string(),
  booked_date: z.string(),
  sms_sent: z.boolean(),
});
export type SelfCheckInAnswer = z.infer<typeof SelfCheckInAnswer>;
