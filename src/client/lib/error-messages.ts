import { i18n as globalI18n, type I18n, type MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import {
  type ErrorCode,
  FIELD_ERROR_CODES as FIELD_CODES,
  type FieldError,
  type FieldErrorCode,
} from "../../shared/contract/errors";
import { ApiError, NetworkError, OfflineError } from "./errors";
import { type LabelTable, labelOf } from "./labels";

/**
 * Server errors in the user's language (STYLE.md: the UI picks a translated message by code).
 * The server's `message` and `fields` texts are English; its `code` and `field_codes` are what
 * this module translates, with each field's label: "Matrícula: Ya existe un camión con esta
 * matrícula". A field without codes (an older server) keeps its English text under its label.
 */

/** Labels of the fields the API names in `fields`, as the forms and columns call them. */
export const FIELD_LABELS: LabelTable = {
  plate: msg`Plate`,
  name: msg`Name`,
  capacity_load: msg`Capacity load`,
  phone: msg`Phone`,
  country_code: msg`Country code`,
  register_date: msg`Arrival date`,
  expedition_date: msg`Departure date`,
  message: msg`Message`,
  username: msg`Username`,
  password: msg`Password`,
  old_password: msg`Old password`,
  new_password: msg`New password`,
  status: msg`Status`,
  reason: msg`Reason`,
  delivery_note: msg`Delivery note`,
  code: msg`Delivery note`,
  action_date: msg`Loading or discharge date`,
  road: msg`Bay`,
  road_number: msg`Bay number`,
  info_shipper: msg`Truck information`,
  groupage: msg`Groupage`,
  own_truck: msg`Own truck`,
  warehouse: msg`Warehouse`,
  weight: msg`Weight`,
  packing_list: msg`Packing list`,
  load_empty: msg`Load or empty`,
  load_type: msg`Load type`,
  description: msg`Description`,
  email: msg`E-mail`,
  notes: msg`Notes`,
  client: msg`Client`,
  destination: msg`Destination`,
  origin: msg`Origin`,
  packages: msg`Packages`,
  booked_date: msg`Booked date`,
  arrival_date: msg`Arrival date`,
  departure_date: msg`Departure date`,
  client_notes: msg`Client notes`,
  company_notes: msg`Company notes`,
  pallet_notes: msg`Pallet notes`,
  route_plate: msg`Route plate`,
  shared_id: msg`Shared id`,
  urgent: msg`Urgent`,
  shipper: msg`Truck`,
  dock: msg`Dock`,
  company: msg`Company`,
  page: msg`Page`,
  page_size: msg`Page size`,
  register_date_after: msg`Arrival from`,
  register_date_before: msg`Arrival until`,
  booked_date_after: msg`Booked from`,
  booked_date_before: msg`Booked until`,
  body: msg`Request`,
  file: msg`File`,
};

/** What each field code says, whatever the field. */
const FIELD_CODE_TEXT: LabelTable<FieldErrorCode> = {
  required: msg`This field is required`,
  invalid: msg`Not a valid value`,
  invalid_type: msg`Not the expected kind of value`,
  invalid_characters: msg`Contains characters that are not allowed`,
  invalid_choice: msg`Not one of the allowed options`,
  invalid_date: msg`Not a valid date`,
  invalid_phone: msg`Not a valid phone number for this country`,
  too_short: msg({ message: "Must have at least {min} characters" }),
  too_long: msg({ message: "Must have at most {max} characters" }),
  too_small: msg({ message: "Must be at least {min}" }),
  too_big: msg({ message: "Must be at most {max}" }),
  not_unique: msg`This value is already used`,
  read_only: msg`You may not change this field`,
  not_zero: msg`Must not be 0`,
  slot_full: msg`This hour is full: pick another`,
  restricted_date: msg`This date is closed for bookings`,
  outside_hours: msg`Outside the dock's opening hours`,
  unsupported_type: msg`This type of file is not accepted: photos, PDF, documents or spreadsheets`,
  not_a_sheet: msg`Not a spreadsheet: send an .xlsx or .csv file`,
  too_many_rows: msg({ message: "Too many rows: at most {max} per file; split the file" }),
  formula: msg`A formula: type the value instead`,
  too_soon: msg`This hour is past or too soon to book`,
  too_far: msg`This hour is too far ahead to book`,
  unknown_reference: msg`No planned delivery or collection has this reference`,
  past_cutoff: msg`This booking can no longer be changed online`,
  https_required: msg`The address must start with https://`,
  private_address: msg`This address is inside a private network: use a public address`,
  unresolvable: msg`This host name could not be found: check the address`,
};

/** The dock's refusals of a booked hour: the form offers what to pick instead (issue 24). */
export const BOOKING_CODES = ["slot_full", "restricted_date", "outside_hours"] as const;
export type BookingCode = (typeof BOOKING_CODES)[number];

/** A refusal of a booked hour on a form; `at` tells one refusal from the next. */
export interface BookingRefusal {
  code: BookingCode;
  at: number;
}

export function isBookingCode(code: string | undefined): code is BookingCode {
  return (BOOKING_CODES as readonly string[]).includes(code ?? "");
}

/** Where a field says it better in its own words. */
const FIELD_SPECIFIC: Readonly<Record<string, Partial<Record<FieldErrorCode, MessageDescriptor>>>> =
  {
    plate: {
      required: msg`Write the plate`,
      invalid_characters: msg`Only letters and digits are allowed`,
      not_unique: msg`A truck with this plate already exists`,
    },
    name: { required: msg`Write the name` },
    // A spreadsheet's client cell (issue 28): a name or number the user has no client for.
    client: {
      invalid_choice: msg`No client with this name or number: write it as the client list does`,
    },
    weight: { not_zero: msg`The weight cannot be 0` },
    // Said the same in the form (under the hour, with the free hours) and in the sync issues.
    booked_date: {
      slot_full: msg`This hour is already full at the dock: pick another hour`,
      restricted_date: msg`Nothing can be booked on this day (restricted date): pick another day`,
      outside_hours: msg`This hour is outside the dock's opening hours: pick another hour`,
    },
  };

/**
 * The one table of API error texts: every code of src/shared/contract/errors.ts (the type
 * makes a missing one a compile error; error-messages.test.ts checks it too). Say why and,
 * where the user can act, what to do.
 */
const CODE_TEXT: LabelTable<ErrorCode> = {
  validation_error: msg`Some fields are not valid`,
  bad_request: msg`The request could not be understood`,
  invalid_credentials: msg`Wrong username or password`,
  token_not_valid: msg`Your session has expired. Please log in again.`,
  not_authenticated: msg`Your session has expired. Please log in again.`,
  forbidden: msg`You are not allowed to do this`,
  company_required: msg`Choose a company first`,
  not_found: msg`It does not exist any more`,
  conflict: msg`This would duplicate an existing record`,
  precondition_failed: msg`Someone else changed this record: reload it and try again`,
  idempotency_mismatch: msg`This change was already sent with other data`,
  idempotency_in_progress: msg`This change is still being processed. Try again in a moment.`,
  rate_limited: msg`Too many attempts. Please wait a moment and try again.`,
  payload_too_large: msg`Too much data in one request`,
  unsupported_file_type: msg`This type of file is not accepted: photos, PDF, documents or spreadsheets. Add the file in one of those types.`,
  internal_error: msg`The server had a problem. Please try again.`,
  service_unavailable: msg`The server had a problem. Please try again.`,
  sms_failed: msg`The SMS could not be sent`,
  sms_disabled: msg`Sending SMS is disabled on this server`,
  // Documents: mail off or refused, and the spec's mail/zip notices.
  mail_disabled: msg`Mail is off on this server`,
  mail_failed: msg`The mail server did not accept the message`,
  no_email: msg`Write at least one e-mail address`,
  invalid_email: msg`Invalid email`,
  no_images: msg`There are no images`,
  no_files: msg`There are no files`,
  storage_unavailable: msg`The file could not be saved: the file storage cannot be reached. Try again in a few minutes; if it keeps happening, tell your administrator.`,
  // Check-in refusals: only the check-in terminal meets them, so they tell the guard what to do.
  line_taken: msg`Another truck was checked in to this line first. Send the driver to the gate office.`,
  line_mismatch: msg`This reference is not for today or not for this kind of check-in. Send the driver to the gate office.`,
  truck_departed: msg`This truck has already left.`,
  truck_not_arrived: msg`This truck has not checked in.`,
};

/** Screens that say a code better in their own words (as FIELD_SPECIFIC does for fields). */
export type ErrorScreen = "check-in";

const SCREEN_SPECIFIC: Readonly<
  Record<ErrorScreen, Partial<Record<ErrorCode, MessageDescriptor>>>
> = {
  // The terminal's guard reads it with a driver waiting: which thing is gone, and what to do.
  "check-in": {
    not_found: msg`The line or truck does not exist any more. Send the driver to the gate office.`,
  },
};

const NETWORK = msg`The server could not be reached`;
const OFFLINE = msg`You are offline`;

/** A field's label in the interface language; an unknown field keeps the API's name. */
export function fieldLabel(field: string, i18n: I18n = globalI18n): string {
  return labelOf(FIELD_LABELS, field, i18n);
}

/** One field error in the interface language, e.g. "Must have at most 15 characters". */
export function fieldErrorText(field: string, error: FieldError, i18n: I18n = globalI18n): string {
  const descriptor = FIELD_SPECIFIC[field]?.[error.code] ?? FIELD_CODE_TEXT[error.code];
  const withLimits: MessageDescriptor = {
    ...descriptor,
    values: { min: error.min, max: error.max },
  };
  return i18n._(withLimits);
}

/**
 * A field code as the server sent it (a sync issue keeps it as text), in the interface
 * language; undefined for a code this client does not know (a newer server).
 */
export function fieldCodeText(
  field: string,
  code: string,
  i18n: I18n = globalI18n,
): string | undefined {
  const known = (FIELD_CODES as readonly string[]).includes(code);
  return known ? fieldErrorText(field, { code: code as FieldErrorCode }, i18n) : undefined;
}

/** What the server said about a refused write, as a sync issue keeps it. */
export interface RefusalFacts {
  status: number;
  code: string;
  /** Field name to field code (`field_codes`, the first code of each field). */
  fieldCodes?: Record<string, string> | undefined;
}

const NO_LONGER_FITS = msg`The change no longer fits the line's current state.`;
const REFUSED_BY_STATUS: Readonly<Record<number, MessageDescriptor>> = {
  412: msg`Someone else changed this line first. Your change was undone.`,
  409: NO_LONGER_FITS,
  403: msg`You may not make this change.`,
  404: msg`This line was deleted meanwhile. Your change could not be saved.`,
  413: msg`The file is larger than the server takes. Add a smaller file.`,
  415: msg`The server does not take this type of file.`,
};
const REFUSED = msg`The server refused the change.`;

/**
 * Why the server refused a queued change, in the user's language: each field it named with
 * the form's own text ("Booked date: This hour is already full at the dock: pick another
 * hour"), else what its status or code says. The bare "refused" only when it said nothing more.
 */
export function refusalLines(facts: RefusalFacts, i18n: I18n = globalI18n): string[] {
  const fields = Object.entries(facts.fieldCodes ?? {}).flatMap(([field, code]) => {
    const text = fieldCodeText(field, code, i18n);
    return text ? [`${fieldLabel(field, i18n)}: ${text}`] : [];
  });
  if (fields.length > 0) return fields;
  if (facts.code === "conflict" || facts.status === 409) {
    return [i18n._(facts.code === "conflict" ? CODE_TEXT.conflict : NO_LONGER_FITS)];
  }
  const byStatus = REFUSED_BY_STATUS[facts.status];
  if (byStatus) return [i18n._(byStatus)];
  const generic = facts.code === "validation_error" || facts.code === "bad_request";
  const text = generic ? undefined : codeText(facts.code, i18n);
  return [text ?? i18n._(REFUSED)];
}

/**
 * The message of an API error code (on `screen`, its own words where it has some), or
 * undefined for a code the UI does not know (a newer server).
 */
export function codeText(
  code: string,
  i18n: I18n = globalI18n,
  screen?: ErrorScreen,
): string | undefined {
  const known = code as ErrorCode;
  const descriptor = (screen && SCREEN_SPECIFIC[screen][known]) ?? CODE_TEXT[known];
  return descriptor ? i18n._(descriptor) : undefined;
}

/**
 * Each refused field's messages, translated where the server sent codes (for the forms, which
 * show them under the field). Empty for errors without fields.
 */
export function fieldMessages(error: unknown, i18n: I18n = globalI18n): Record<string, string[]> {
  if (!(error instanceof ApiError)) return {};
  const result: Record<string, string[]> = {};
  const names = new Set([
    ...Object.keys(error.fields ?? {}),
    ...Object.keys(error.fieldCodes ?? {}),
  ]);
  for (const field of names) {
    const codes = error.fieldCodes?.[field];
    const texts = codes
      ? codes.map((code) => fieldErrorText(field, code, i18n))
      : (error.fields?.[field] ?? []);
    if (texts.length > 0) result[field] = texts;
  }
  return result;
}

/**
 * The lines of an ERROR notice (spec section 8) in the interface language: each refused field
 * as "Label: messages", else the code's message, else what the server said.
 */
export function errorLines(error: unknown, i18n: I18n = globalI18n): string[] {
  if (error instanceof ApiError) {
    if (typeof error.body === "string" && error.body.trim() !== "") return [error.body];
    const fields = Object.entries(fieldMessages(error, i18n));
    if (fields.length > 0) {
      return fields.map(([field, texts]) => `${fieldLabel(field, i18n)}: ${texts.join(", ")}`);
    }
    const plain = error.fields === undefined ? plainFields(error.body) : null;
    if (plain) return plain.map(([field, text]) => `${fieldLabel(field, i18n)}: ${text}`);
    return [codeText(error.code, i18n) ?? error.message];
  }
  if (error instanceof OfflineError) return [i18n._(OFFLINE)];
  if (error instanceof NetworkError) return [i18n._(NETWORK)];
  if (error instanceof Error) return [error.message];
  return [String(error)];
}

/** A bare `{field: message | [messages]}` body without the code/message envelope. */
function plainFields(body: unknown): [string, string][] | null {
  if (typeof body !== "object" || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body).filter(([key]) => key !== "code" && key !== "message");
  const lines: [string, string][] = [];
  for (const [key, value] of entries) {
    if (typeof value === "string") lines.push([key, value]);
    else if (Array.isArray(value) && value.every((item) => typeof item === "string")) {
      lines.push([key, value.join(", ")]);
    } else return null;
  }
  return lines.length > 0 ? lines : null;
}
