import type {
  PublicPageAnswer,
  SelfCheckInAnswer,
  SelfCheckInInput,
} from "../../../../shared/contract/check-in";
import type { FieldError } from "../../../../shared/contract/errors";

/**
 * The public self check-in page's calls (no login, no company header) with plain fetch: the
 * page loads without the app, so neither its HTTP client nor zod comes along. The answers are
 * checked by hand against the contract's shapes (src/shared/contract/check-in.ts).
 */
const path = (token: string) => `/api/public/check-in/${encodeURIComponent(token)}`;

/** A refusal of the server: its status, code and, for a 400, the codes of each field. */
export class CheckInError extends Error {
  readonly status: number;
  readonly code: string;
  readonly fieldCodes: Record<string, FieldError[]>;
  /** The nearest free hours a refused booking hour offers (the carrier booking page). */
  readonly alternatives: unknown;

  constructor(status: number, body: unknown) {
    const { code, field_codes, alternatives } = (
      typeof body === "object" && body !== null ? body : {}
    ) as {
      code?: unknown;
      field_codes?: unknown;
      alternatives?: unknown;
    };
    super(`HTTP ${status}`);
    this.name = "CheckInError";
    this.status = status;
    this.code = typeof code === "string" ? code : `http_${status}`;
    this.alternatives = alternatives;
    this.fieldCodes =
      typeof field_codes === "object" && field_codes !== null
        ? (field_codes as Record<string, FieldError[]>)
        : {};
  }
}

/** No answer at all (offline, server down). */
export class CheckInNetworkError extends Error {
  constructor() {
    super("The server could not be reached");
    this.name = "CheckInNetworkError";
  }
}

/** A public call: JSON back, or CheckInError / CheckInNetworkError (also the booking page's). */
export async function publicCall(url: string, init?: RequestInit): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(url, {
      ...init,
      headers: { accept: "application/json", ...init?.headers },
    });
  } catch {
    throw new CheckInNetworkError();
  }
  const body: unknown = await response.json().catch(() => null);
  if (!response.ok) throw new CheckInError(response.status, body);
  return body;
}

const isString = (value: unknown): value is string => typeof value === "string";

export async function readPublicPage(token: string): Promise<PublicPageAnswer> {
  const body = (await publicCall(path(token))) as Partial<PublicPageAnswer> | null;
  if (!isString(body?.company)) throw new CheckInError(502, null);
  return { company: body.company };
}

export async function selfCheckIn(
  token: string,
  input: SelfCheckInInput,
): Promise<SelfCheckInAnswer> {
  const body = (await publicCall(path(token), {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify(input),
  })) as Partial<SelfCheckInAnswer> | null;
  if (!isString(body?.warehouse) || !isString(body.dock) || !isString(body.booked_date)) {
    throw new CheckInError(502, null);
  }
  return {
    warehouse: body.warehouse,
    dock: body.dock,
    booked_date: body.booked_date,
    sms_sent: body.sms_sent === true,
  };
}
