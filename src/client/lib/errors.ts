import { ErrorBody, FieldError } from "../../shared/contract/errors";

/**
 * The one place HTTP failures become typed errors. The UI picks a translated message by
 * `code` and never shows a stack trace.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fields: Record<string, string[]> | undefined;
  /** Why each field was refused, as codes the UI translates (same order as `fields`). */
  readonly fieldCodes: Record<string, FieldError[]> | undefined;
  /** The whole parsed body, e.g. `current` on a 412. */
  readonly body: unknown;

  constructor(status: number, body: unknown) {
    // field_codes apart: a code this client does not know yet must not hide the rest.
    const parsed = ErrorBody.omit({ field_codes: true }).safeParse(body);
    const message = parsed.success
      ? parsed.data.message
      : typeof body === "string" && body !== ""
        ? body
        : `HTTP ${status}`;
    super(message);
    this.name = "ApiError";
    this.status = status;
    this.code = parsed.success ? parsed.data.code : `http_${status}`;
    this.fields = parsed.success ? parsed.data.fields : undefined;
    this.fieldCodes = parsed.success ? fieldCodesOf(body) : undefined;
    this.body = body;
  }
}

/**
 * A body's `field_codes`, keeping only fields whose codes this client all knows (the others
 * fall back to the server's English messages in `fields`).
 */
function fieldCodesOf(body: unknown): Record<string, FieldError[]> | undefined {
  const raw = (body as { field_codes?: unknown } | null)?.field_codes;
  if (typeof raw !== "object" || raw === null) return undefined;
  const codes: Record<string, FieldError[]> = {};
  for (const [field, list] of Object.entries(raw)) {
    if (!Array.isArray(list)) continue;
    const known = list.flatMap((item) => {
      const parsed = FieldError.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    });
    if (known.length > 0 && known.length === list.length) codes[field] = known;
  }
  return codes;
}

/** The request never got an answer (server down, connection dropped, timeout). */
export class NetworkError extends Error {
  constructor(cause?: unknown) {
    super("Network error", { cause });
    this.name = "NetworkError";
  }
}

/** The browser knows it is offline; the request was not attempted. */
export class OfflineError extends Error {
  constructor() {
    super("Offline");
    this.name = "OfflineError";
  }
}

export function isTokenNotValid(error: unknown): boolean {
  return error instanceof ApiError && error.code === "token_not_valid";
}

/** True for failures worth retrying later: no answer, or a 5xx/429 answer. */
export function isTransient(error: unknown): boolean {
  if (error instanceof NetworkError || error instanceof OfflineError) return true;
  return error instanceof ApiError && (error.status >= 500 || error.status === 429);
}
