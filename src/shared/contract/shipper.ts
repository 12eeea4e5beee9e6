import { z } from "zod";
import { normalisePhone } from "../phone";
import { normalisePlate } from "../plate";
import { PagingQuery } from "./paging";

/** Filter bound from the list filters: YYYY-MM-DDTHH:mm (spec section 5) or a full ISO date-time. */
export const DateTimeBound = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}(T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/, {
    message: "Expected YYYY-MM-DD or YYYY-MM-DDTHH:mm",
  });

/** A truck (carrier) of the company's registry. */
export const Shipper = z.object({
  id: z.number().int(),
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
  version: z.number().int(),
});
export type Shipper = z.infer<typeof Shipper>;

const PlateInput = z
  .string()
  .transform(normalisePlate)
  .pipe(
    z.string().min(2, { message: "Plate is too short" }).max(15, { message: "Plate is too long" }),
  );

/** Create/update body. Phone is validated against its country and stored in E.164. */
export const ShipperInput = z
  .object({
    plate: PlateInput,
    name: z.string().trim().min(1, { message: "Name must not be blank" }).max(120),
    capacity_load: z.number().int().min(0).max(1_000_000).nullable().optional(),
    phone: z.string().max(32).nullable().optional(),
    country_code: z
      .string()
      .length(2, { message: "Expected a two-letter country code" })
      .transform((value) => value.toUpperCase())
      .nullable()
      .optional(),
  })
  .transform((input, ctx) => {
    const base = {
      ...input,
      name: input.name.toUpperCase(),
      capacity_load: input.capacity_load ?? null,
    };
    if (!input.phone || input.phone.trim() === "") {
      return { ...base, phone: null, country_code: input.country_code ?? null };
    }
    const phone = normalisePhone(input.phone, input.country_code);
    if (!phone) {
      ctx.addIssue({
        code: "custom",
        path: ["phone"],
        message: "Not a valid phone number for this country",
      });
      return z.NEVER;
    }
    return { ...base, phone: phone.e164, country_code: phone.country };
  });
export type ShipperInput = z.input<typeof ShipperInput>;
export type ShipperValues = z.output<typeof ShipperInput>;

export const ShipperPatch = z.object({
  plate: PlateInput.optional(),
  name: z.string().trim().min(1).max(120).optional(),
  capacity_load: z.number().int().min(0).max(1_000_000).nullable().optional(),
  phone: z.string().max(32).nullable().optional(),
  country_code: z.string().length(2).nullable().optional(),
});

export const ShipperListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(10),
  name: z.string().trim().max(120).optional(),
  plate: z.string().trim().max(20).optional(),
  register_date_after: DateTimeBound.optional(),
  register_date_before: DateTimeBound.optional(),
});
export type ShipperListQuery = z.infer<typeof ShipperListQuery>;

export const AutocompleteQuery = z.object({
  name: z.string().trim().max(120).optional(),
  plate: z.string().trim().max(20).optional(),
  phone: z.string().trim().max(32).optional(),
});

export const SMS_MAX_LENGTH = 480;

export const SmsSendRequest = z.object({
  message: z.string().trim().min(1, { message: "Write a message" }).max(SMS_MAX_LENGTH),
});

export const SMS_STATUSES = ["sent", "failed"] as const;

export const SmsMessage = z.object({
  id: z.number().int(),
  to: z.string(),
  body: z.string(),
  status: z.enum(SMS_STATUSES),
  provider: z.string(),
  /** The gateway's answer when the send failed. */
  error: z.string().nullable(),
  created: z.string(),
});
export type SmsMessage = z.infer<typeof SmsMessage>;
