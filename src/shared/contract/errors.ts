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
  "rate_limited",
  "payload_too_large",
  "internal_error",
  "service_unavailable",
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export const ErrorBody = z.object({
  code: z.string(),
  message: z.string(),
  fields: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;
