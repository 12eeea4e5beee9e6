import type { ErrorBody, ErrorCode, FieldError } from "../shared/contract/errors";

/**
 * The error factory: every error the API answers with is an ApiError carrying a status, a code
 * from the shared catalogue and a message that is safe to show. The error handler
 * (plugins/errors.ts) turns anything else into a 500 internal_error without details.
 */
export type FieldErrors = Record<string, string[]>;
/** A code per message of FieldErrors, same keys and order (ErrorBody.field_codes). */
export type FieldCodes = Record<string, FieldError[]>;

/** Every message of `fields` coded `code` (a service-level refusal without finer codes). */
export function codesOf(fields: FieldErrors, code: FieldError["code"]): FieldCodes {
  return Object.fromEntries(
    Object.entries(fields).map(([name, messages]) => [name, messages.map(() => ({ code }))]),
  );
}

export class ApiError extends Error {
  override name = "ApiError";
  /** Codes of `fields` (ErrorBody.field_codes); set by errors.validation and errors.conflict. */
  fieldCodes?: FieldCodes;

  constructor(
    readonly statusCode: number,
    readonly code: ErrorCode,
    message: string,
    readonly fields?: FieldErrors,
    /** Extra response headers, e.g. Retry-After. */
    readonly headers: Record<string, string> = {},
    /** Extra body members, e.g. `current` on 412 (the route's response schema declares them). */
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }

  toBody(): ErrorBody {
    const body: ErrorBody = this.fields
      ? { code: this.code, message: this.message, fields: this.fields }
      : { code: this.code, message: this.message };
    if (this.fields && this.fieldCodes) body.field_codes = this.fieldCodes;
    return { ...this.extra, ...body };
  }
}

/** The error with why each field was refused (`field_codes`, which clients translate). */
export function withCodes(error: ApiError, codes: FieldCodes): ApiError {
  error.fieldCodes = codes;
  return error;
}

export const errors = {
  /** `codes`: why each field was refused (default `invalid` for every message). */
  validation: (fields: FieldErrors, message = "Some fields are not valid", codes?: FieldCodes) =>
    withCodes(
      new ApiError(400, "validation_error", message, fields),
      codes ?? codesOf(fields, "invalid"),
    ),
  badRequest: (message = "The request could not be understood") =>
    new ApiError(400, "bad_request", message),
  unsupportedMediaType: () =>
    new ApiError(415, "bad_request", "Unsupported content type: send application/json"),
  invalidCredentials: () =>
    new ApiError(401, "invalid_credentials", "Unable to log in with the provided credentials"),
  tokenNotValid: () => new ApiError(401, "token_not_valid", "Token is invalid or expired"),
  notAuthenticated: () =>
    new ApiError(401, "not_authenticated", "Authentication credentials were not provided"),
  forbidden: (message = "You do not have permission to perform this action") =>
    new ApiError(403, "forbidden", message),
  notFound: (message = "Not found") => new ApiError(404, "not_found", message),
  conflict: (fields: FieldErrors, message = "This would duplicate an existing record") =>
    withCodes(new ApiError(409, "conflict", message, fields), codesOf(fields, "not_unique")),
  /** A stale If-Match: 412 with the row as it is now, and its ETag. */
  /** `extra`: more body members the route declares (changed_by for rows with a history). */
  preconditionFailed: (current: unknown, etag: string, extra: Record<string, unknown> = {}) =>
    new ApiError(
      412,
      "precondition_failed",
      "The record was changed by someone else; reload it and try again",
      undefined,
      { etag },
      { ...extra, current },
    ),
  /** An Idempotency-Key already used for another request (method, path, body or company). */
  idempotencyMismatch: () =>
    new ApiError(
      422,
      "idempotency_mismatch",
      "This Idempotency-Key was already used for a different request",
    ),
  /** The first request with this Idempotency-Key is still running. */
  idempotencyInProgress: () =>
    new ApiError(
      409,
      "idempotency_in_progress",
      "A request with this Idempotency-Key is still being processed; retry shortly",
      undefined,
      { "retry-after": "1" },
    ),
  smsDisabled: () => new ApiError(409, "sms_disabled", "Sending SMS is disabled on this server"),
  /** The gateway refused; the stored (failed) message goes back with the answer. */
  smsFailed: (reason: string, sms: unknown) =>
    new ApiError(
      502,
      "sms_failed",
      `The SMS gateway refused the message: ${reason}`,
      undefined,
      {},
      { sms },
    ),
  rateLimited: (retryAfterSeconds: number) =>
    new ApiError(
      429,
      "rate_limited",
      `Too many attempts; try again in ${retryAfterSeconds} seconds`,
      undefined,
      { "retry-after": String(retryAfterSeconds) },
    ),
  payloadTooLarge: () => new ApiError(413, "payload_too_large", "Request body is too large"),
  internal: () => new ApiError(500, "internal_error", "Internal server error"),
  unavailable: (message = "The service is unavailable; retry shortly") =>
    new ApiError(503, "service_unavailable", message),
} as const;

/**
 * What a failure while reading a multipart body means: a body the parser cannot read (no
 * boundary, cut off, malformed headers) is the client's mistake, a 400; API errors and the
 * system's own (disk full: E* codes) stay as they are.
 */
export function multipartReadError(error: unknown): unknown {
  if (error instanceof ApiError) return error;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string" && /^E[A-Z]+$/.test(code)) return error;
  return errors.badRequest("The upload could not be read as multipart/form-data");
}
