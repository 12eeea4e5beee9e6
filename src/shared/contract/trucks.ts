import { z } from "zod";
import { normalisePhone } from "../phone";
import { displayPlate, normalisePlate } from "../plate";
import { ErrorBody, type FieldError } from "./errors";
import { DateTimeBound, IsoDateTime, QueryId, text } from "./fields";
import { PagingQuery } from "./paging";

/** List filter bounds and instants: shared input helpers (contract/fields.ts). */
export { DateTimeBound } from "./fields";

/** A truck (carrier) of the company's registry. */
export const Shipper = z.object({
  id: z.number().int(),
  /** Client-chosen id of its creation (PUT api/shipper/uid/{uid}); random when created by POST. */
  uid: z.uuid(),
  company: z.number().int(),
  plate: z.string(),
  name: z.string(),
  capacity_load: z.number().int().nullable(),
  /** E.164, e.g. +34612345678, or null. */
  phone: z.string().nullable(),
  /** ISO 3166-1 alpha-2 country of the phone, e.g. ES. */
  country_code: z.string().nullable(),
  /** Arrival (last check-in), ISO date-time. */
  register_date: z.string().nullable(),
  /** Departure, ISO date-time. */
  expedition_date: z.string().nullable(),
  /** Row version: the ETag, and what If-Match must name to change the row. */
  version: z.number().int(),
});
export type Shipper = z.infer<typeof Shipper>;

/** Plate length without separators (the key). */
export const PLATE_MIN = 2;
export const PLATE_MAX = 15;
/** A plate's key is letters (any script) and digits only: no emoji, symbols or marks. */
export const PLATE_PATTERN = /^[\p{L}\p{N}]+$/u;
export const PLATE_INVALID_CHARACTERS = "Plate may only contain letters and digits";

/** The plate as stored and shown: what was typed, upper case, composed (NFC) (issue 25). */
export const plateOf = (raw: string): string => displayPlate(raw).normalize("NFC");

/** What duplicates, lookups and searches compare: no spaces or hyphens (the DB's plate_key). */
export const plateKeyOf = (raw: string): string => normalisePlate(raw).normalize("NFC");

/**
 * Why a typed plate would be refused, as the field code the server answers with (the form
 * checks with this before sending, so client and server agree), or null when it is fine.
 */
export function plateFieldError(raw: string): FieldError | null {
  const plate = plateKeyOf(raw);
  if (plate === "") return { code: "required" };
  if (plate.length < PLATE_MIN) return { code: "too_short", min: PLATE_MIN };
  if (plate.length > PLATE_MAX) return { code: "too_long", max: PLATE_MAX };
  if (!PLATE_PATTERN.test(plate)) return { code: "invalid_characters" };
  return null;
}

export const PlateInput = z
  .string()
  .max(40)
  .transform(plateOf)
  .superRefine((plate, ctx) => {
    // Checked on the key, kept as typed (issue 25).
    const key = plateKeyOf(plate);
    if (key.length < PLATE_MIN) {
      ctx.addIssue({
        code: "too_small",
        origin: "string",
        minimum: PLATE_MIN,
        inclusive: true,
        message: "Plate is too short",
      });
    } else if (key.length > PLATE_MAX) {
      ctx.addIssue({
        code: "too_big",
        origin: "string",
        maximum: PLATE_MAX,
        inclusive: true,
        message: "Plate is too long",
      });
    } else if (!PLATE_PATTERN.test(key)) {
      // The field code the error handler copies into field_codes (contract/fields.ts).
      ctx.addIssue({
        code: "custom",
        message: PLATE_INVALID_CHARACTERS,
        params: { fieldCode: "invalid_characters" },
      });
    }
  });

/** A truck's name as typed: required, stored in capitals (the gate's forms take it too). */
export const TruckNameInput = text(120, { min: 1, minMessage: "Name must not be blank" }).transform(
  (value) => value.toUpperCase(),
);

const CountryInput = z
  .string()
  .regex(/^[A-Za-z]{2}$/, { message: "Expected a two-letter country code" })
  .transform((value) => value.toUpperCase());

/** The writable fields of a truck, before the phone is checked against its country. */
const ShipperFields = z.object({
  plate: PlateInput,
  name: TruckNameInput,
  capacity_load: z.number().int().min(0).max(1_000_000).nullable().optional(),
  phone: text(32, { trim: false }).nullable().optional(),
  country_code: CountryInput.nullable().optional(),
  register_date: IsoDateTime.nullable()
    .optional()
    .describe("Arrival. On create, omitted means now (signing a truck up registers it)."),
  expedition_date: IsoDateTime.nullable().optional().describe("Departure."),
});

/**
 * Create/update body. Plate upper case without spaces or hyphens, name upper case, capacity
 * load a number or null, phone validated against its country and stored in E.164 (its country
 * then comes from the number). Unknown fields (id, company, version) are ignored.
 */
export const ShipperInput = ShipperFields.transform((input, ctx) => {
  const base = { ...input, capacity_load: input.capacity_load ?? null };
  if (!input.phone || input.phone.trim() === "") {
    return { ...base, phone: null, country_code: input.country_code ?? null };
  }
  const phone = normalisePhone(input.phone, input.country_code);
  if (!phone) {
    ctx.addIssue({
      code: "custom",
      path: ["phone"],
      message: "Not a valid phone number for this country",
      params: { fieldCode: "invalid_phone" },
    });
    return z.NEVER;
  }
  return { ...base, phone: phone.e164, country_code: phone.country };
});
export type ShipperInput = z.input<typeof ShipperInput>;
export type ShipperValues = z.output<typeof ShipperInput>;

/** PATCH body: any subset of the fields; the merged truck is validated like a full one. */
export const ShipperPatch = ShipperFields.partial();
export type ShipperPatch = z.input<typeof ShipperPatch>;

export const ShipperListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  name: text(120).optional().describe("Contains, case-insensitive"),
  plate: text(40).optional().describe("Contains, after plate normalisation"),
  register_date_after: DateTimeBound.optional().describe("Arrival on or after (inclusive)"),
  register_date_before: DateTimeBound.optional().describe(
    "Arrival on or before (inclusive: a minute or a day bound covers the whole minute or day)",
  ),
});
export type ShipperListQuery = z.infer<typeof ShipperListQuery>;

export const AvailableQuery = z.object({
  line: QueryId.optional().describe(
    "Shipment line the truck is being picked for at the gate: answers the trucks it may take",
  ),
  plate: text(40)
    .optional()
    .describe("With line: only plates containing this text, after plate normalisation"),
});

/** The typed text is trimmed; an empty text answers an empty list. */
export const AutocompleteQuery = z.object({
  name: text(120).optional(),
  plate: text(40).optional(),
  phone: text(32).optional(),
});

export const AUTOCOMPLETE_LIMIT = 10;

export const SMS_MAX_LENGTH = 480;

export const SmsSendRequest = z.object({
  message: text(SMS_MAX_LENGTH, { min: 1, minMessage: "Write a message" }),
});
export type SmsSendRequest = z.infer<typeof SmsSendRequest>;

export const SMS_STATUSES = ["sent", "failed"] as const;

export const SmsMessage = z.object({
  id: z.number().int(),
  /** The truck it was sent to; null once that truck is deleted. */
  shipper: z.number().int().nullable(),
  /** The shipment it was about, when sent from a shipment. */
  shipment: z.number().int().nullable(),
  /** E.164 number it was sent to. */
  to: z.string(),
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  /** Provider that handled it: log or http. */
  provider: z.string(),
  /** The gateway's answer when the send failed. */
  error: z.string().nullable(),
  /** HTTP status the gateway answered with, when it answered. */
  gateway_status: z.number().int().nullable(),
  /** User who sent it. */
  user: z.number().int().nullable(),
  created: z.string(),
});
export type SmsMessage = z.infer<typeof SmsMessage>;

export const SmsListQuery = PagingQuery.extend({
  shipper: QueryId.optional().describe("Only messages sent to this truck"),
});

/** 502 sms_failed: the gateway refused; the failed message is stored and returned. */
export const SmsFailedBody = ErrorBody.extend({ sms: SmsMessage });
