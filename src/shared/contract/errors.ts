import { z } from "zod";

/** Error codes the API answers with; the client picks a translated message by code. */
export const ERROR_CODES = [
  "validation_error",
  "bad_request",
  "invalid_credentials",
  "token_not_valid",
  "not_authenticated",
  "forbidden",
  "company_required",
  "not_found",
  "conflict",
  "precondition_failed",
  "idempotency_mismatch",
  "idempotency_in_progress",
  "rate_limited",
  "payload_too_large",
  /** 415: an attachment whose bytes are not a type a yard keeps (contract/documents.ts). */
  "unsupported_file_type",
  "internal_error",
  "service_unavailable",
  "sms_failed",
  "sms_disabled",
  // Shipment documents (issue 13): mail off or refused, and the spec's mail/zip notices.
  "mail_disabled",
  "mail_failed",
  "no_email",
  "invalid_email",
  "no_images",
  "no_files",
  // Attachment bytes: the file storage (disk, database or object store) cannot take them.
  "storage_unavailable",
  // The gate (issue 15, contract/check-in.ts CHECK_IN_REFUSALS).
  "line_taken",
  "line_mismatch",
  "truck_departed",
  "truck_not_arrived",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

/**
 * Why a field was refused, as a code the client translates (with the field's label); `min` and
 * `max` carry the limit for the size codes. `fields` keeps the English messages (DRF shape).
 */
export const FIELD_ERROR_CODES = [
  "required",
  "invalid",
  "invalid_type",
  "invalid_characters",
  "invalid_choice",
  "invalid_date",
  "invalid_phone",
  "too_short",
  "too_long",
  "too_small",
  "too_big",
  "not_unique",
  /** The user may not change this field (a 403 names each such field). */
  "read_only",
  /** Must not be 0 (the weight, for user type mexico). */
  "not_zero",
  /** The booked hour slot has no room left (dock capacity, issue 12). */
  "slot_full",
  /** The date is a restricted date (lockdown): nothing is booked on it. */
  "restricted_date",
  /** The booked hour is outside the company's dock opening hours. */
  "outside_hours",
  /** An attachment's bytes are not a photo, PDF, office document or text (issue 24). */
  "unsupported_type",
  /** An import's file is not an .xlsx or .csv (issue 28). */
  "not_a_sheet",
  /** An import's file has more rows than one import takes (`max`). */
  "too_many_rows",
  /** A spreadsheet cell holds a formula: its value is not imported. */
  "formula",
  /** Carrier bookings (issue 29): the hour is past or within the company's lead time. */
  "too_soon",
  /** Carrier bookings: the hour is beyond the company's booking horizon. */
  "too_far",
  /** Carrier bookings: the reference matches no planned line the carrier may book. */
  "unknown_reference",
  /** Carrier bookings: the move/cancel cut-off before the booked hour has passed. */
  "past_cutoff",
  /** A webhook URL: http where https is required (issue 28). */
  "https_required",
  /** A webhook URL whose host is (or resolves to) a private, loopback or link-local address. */
  "private_address",
  /** A webhook URL whose host name does not resolve. */
  "unresolvable",
] as const;
export type FieldErrorCode = (typeof FIELD_ERROR_CODES)[number];

export const FieldError = z.object({
  code: z.enum(FIELD_ERROR_CODES),
  min: z.number().optional(),
  max: z.number().optional(),
});
export type FieldError = z.infer<typeof FieldError>;

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
  /** The same fields as `fields`, each message's code in the same order. */
  field_codes: z.record(z.string(), z.array(FieldError)).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

/** 412 answer to a stale If-Match: the row as it is now, so the client can merge or revert. */
export function staleBody<T extends z.ZodType>(row: T) {
  return ErrorBody.extend({ current: row });
}

/** staleBody of a row that keeps a history: also who wrote the current version. */
export function staleHistoryBody<T extends z.ZodType>(row: T) {
  return staleBody(row).extend({
    changed_by: z
      .string()
      .nullable()
      .describe("Username of whoever wrote the current version (null: not recorded)"),
  });
}
