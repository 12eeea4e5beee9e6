import { z } from "zod";
import { LOCALES } from "../constants";
import { ErrorBody } from "./errors";
import { text } from "./fields";
import { Day, OPERATION_TYPES } from "./scheduling";

/**
 * Carrier bookings (issue 29): a carrier books a dock hour on the company's public page
 * /carrier-booking/{token} (no login), gets a mail with the booking, a calendar invitation and
 * a private link /carrier-booking/manage/{manage} to move or cancel it until the company's
 * cut-off. The office sets the rules (api/carrier-booking/settings) and confirms or refuses a
 * booking that made a new reception (state to_confirm).
 */

export const REFERENCE_MODES = ["match", "create"] as const;
export const CARRIER_BOOKING_STATES = ["confirmed", "to_confirm", "refused", "cancelled"] as const;
export type CarrierBookingState = (typeof CARRIER_BOOKING_STATES)[number];

/** The public page's and the private link's token in a path. */
export const BookingToken = z.object({ token: text(200, { min: 1 }) });

/** GET api/public/carrier-booking/{token}: what the page offers. */
export const BookingPage = z.object({
  company: z.string(),
  operations: z.array(z.enum(OPERATION_TYPES)),
  time_zone: z.string(),
  /** First and last day a carrier may book (YYYY-MM-DD, the yard's days). */
  first_day: z.string(),
  last_day: z.string(),
  reference_mode: z.enum(REFERENCE_MODES),
  /** Signed time the form was served; sent back with the booking (minimum fill time). */
  form: z.string(),
});
export type BookingPage = z.infer<typeof BookingPage>;

export const FreeHoursQuery = z.object({
  operation: z.enum(OPERATION_TYPES),
  day: Day,
});
/** The free hours of a day, each YYYY-MM-DDTHH:mm:ss with the yard's offset. */
export const FreeHours = z.object({ day: z.string(), hours: z.array(z.string()) });
export type FreeHours = z.infer<typeof FreeHours>;

/** An hour as the page offers it (ISO 8601 with an offset). */
const Hour = z.iso
  .datetime({ offset: true, message: "Expected an ISO date-time", abort: true })
  .max(40);

export const Email = z
  .string()
  .trim()
  .max(254)
  .pipe(z.email({ message: "Not a valid e-mail address" }));

/** The booking form. `website` is a field people never see (bots fill it). */
export const BookingInput = z.object({
  operation: z.enum(OPERATION_TYPES),
  start: Hour,
  reference: text(60, { min: 1, minMessage: "Enter the reference" }),
  carrier: text(100, { min: 1, minMessage: "Enter the carrier" }),
  plate: text(20, { min: 2, minMessage: "Enter the plate" }),
  phone: text(32, { min: 6, minMessage: "Enter the phone" }),
  email: Email,
  language: z.enum(LOCALES).default("en"),
  form: text(200, { min: 1 }),
  website: text(200, { trim: false }).optional(),
});
export type BookingInput = z.input<typeof BookingInput>;

/** A booking as the carrier sees it (answer of the booking and of the private link). */
export const CarrierBooking = z.object({
  company: z.string(),
  operation: z.enum(OPERATION_TYPES),
  state: z.enum(CARRIER_BOOKING_STATES),
  start: z.string(),
  time_zone: z.string(),
  reference: z.string(),
  carrier: z.string(),
  plate: z.string(),
  warehouse: z.string(),
  dock: z.string(),
  /** Moving and cancelling are possible until this instant (null: no more). */
  changeable_until: z.string().nullable(),
  mail_sent: z.boolean(),
});
export type CarrierBooking = z.infer<typeof CarrierBooking>;

/** The booking's answer: the booking and its private link's token (also in the mail). */
export const BookingAnswer = z.object({ booking: CarrierBooking, manage: z.string() });
export type BookingAnswer = z.infer<typeof BookingAnswer>;

export const MoveInput = z.object({ start: Hour });

/** A refused hour: why (field_codes.start) and the nearest free hours of that day and after. */
export const BookingRefusal = ErrorBody.extend({ alternatives: z.array(z.string()).optional() });

/** The office's settings (dock settings screen). */
export const CarrierBookingSettings = z.object({
  load: z.boolean(),
  unload: z.boolean(),
  /** Bookable hours start this many minutes after now. */
  lead_minutes: z.number().int().min(0).max(10_080),
  /** ... and end this many days after today. */
  horizon_days: z.number().int().min(1).max(365),
  /** The carrier may move or cancel until this many hours before the booked hour. */
  cutoff_hours: z.number().int().min(0).max(720),
  reference_mode: z.enum(REFERENCE_MODES),
});
export type CarrierBookingSettings = z.infer<typeof CarrierBookingSettings>;

export const CarrierBookingSettingsAnswer = CarrierBookingSettings.extend({
  /** The page's token (/carrier-booking/{token}); null: no page. */
  token: z.string().nullable(),
});
export type CarrierBookingSettingsAnswer = z.infer<typeof CarrierBookingSettingsAnswer>;

/** GET api/carrier-booking?day=: the day's carrier bookings (the day board's panel). */
export const OfficeBookingQuery = z.object({ day: Day });
export const OfficeBooking = z.object({
  id: z.number().int(),
  shipment: z.number().int().nullable(),
  operation: z.enum(OPERATION_TYPES),
  state: z.enum(CARRIER_BOOKING_STATES),
  start: z.string(),
  reference: z.string(),
  carrier: z.string(),
  plate: z.string(),
  phone: z.string(),
  email: z.string(),
});
export type OfficeBooking = z.infer<typeof OfficeBooking>;
export const OfficeBookings = z.object({ results: z.array(OfficeBooking) });

/** POST api/carrier-booking/{id}/decision: the office confirms or refuses a to_confirm booking. */
export const Decision = z.object({ confirm: z.boolean() });
