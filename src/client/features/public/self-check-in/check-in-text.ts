import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { FieldError, FieldErrorCode } from "../../../../shared/contract/errors";
import { CheckInError, CheckInNetworkError } from "./self-check-in-api";

/**
 * The self check-in page's refusals in the driver's language, from the public catalog: the
 * page loads without the app, so not from lib/error-messages.ts (which holds the same words in
 * the app's catalog). Any reference the page cannot use gets the same words (issue 15).
 */
const FIELD_TEXT: Partial<Record<FieldErrorCode, MessageDescriptor>> = {
  required: msg`This field is required`,
  too_short: msg({ message: "Must have at least {min} characters" }),
  too_long: msg({ message: "Must have at most {max} characters" }),
  invalid_characters: msg`Contains characters that are not allowed`,
  invalid_phone: msg`Not a valid phone number for this country`,
  // The carrier booking page's refusals of an hour or a reference (issue 29).
  slot_full: msg`This hour has just been taken: pick one of the nearest free hours`,
  restricted_date: msg`The warehouse is closed on this day: pick another day`,
  outside_hours: msg`The dock is closed at this hour: pick another hour`,
  too_soon: msg`This hour is past or too soon to book: pick a later hour`,
  too_far: msg`This day is too far ahead to book`,
  unknown_reference: msg`The warehouse expects no delivery or collection with this reference: check it`,
  past_cutoff: msg`This booking can no longer be changed online: call the warehouse`,
  invalid_choice: msg`Not one of the allowed options`,
};
const FIELD_SPECIFIC: Record<string, Partial<Record<FieldErrorCode, MessageDescriptor>>> = {
  plate: {
    required: msg`Write the plate`,
    invalid_characters: msg`Only letters and digits are allowed`,
  },
  name: { required: msg`Write the name` },
  email: { invalid: msg`Not a valid e-mail address` },
  start: { invalid: msg`Pick one of the offered hours` },
};
const INVALID = msg`Not a valid value`;

const NO_CHECK_IN = msg`No check-in is possible with this reference today. Please go to the gate.`;
const TOO_MANY = msg`Too many attempts. Please wait a moment and try again.`;
const UNREACHABLE = msg`The server could not be reached`;
const SERVER = msg`The server had a problem. Please try again.`;
const NOT_VALID = msg`Some fields are not valid`;

function fieldText(i18n: I18n, field: string, error: FieldError): string {
  const descriptor = FIELD_SPECIFIC[field]?.[error.code] ?? FIELD_TEXT[error.code] ?? INVALID;
  const withLimits: MessageDescriptor = {
    ...descriptor,
    values: { min: error.min, max: error.max },
  };
  return i18n._(withLimits);
}

/** Each refused field's messages (a 400), by field name. */
export function fieldProblems(i18n: I18n, error: unknown): Record<string, string[]> {
  if (!(error instanceof CheckInError) || error.status !== 400) return {};
  return Object.fromEntries(
    Object.entries(error.fieldCodes).map(([field, codes]) => [
      field,
      codes.map((code) => fieldText(i18n, field, code)),
    ]),
  );
}

/** The notice for a refused check-in (none for a 400 whose fields say it all). */
export function checkInProblem(i18n: I18n, error: unknown, fieldCount: number): string | null {
  if (error instanceof CheckInNetworkError) return i18n._(UNREACHABLE);
  if (!(error instanceof CheckInError)) return i18n._(SERVER);
  if (error.status === 404) return i18n._(NO_CHECK_IN);
  if (error.status === 429) return i18n._(TOO_MANY);
  if (error.status === 400) return fieldCount > 0 ? null : i18n._(NOT_VALID);
  return i18n._(SERVER);
}

const NO_PAGE = msg`This booking page or link does not exist. Ask the warehouse for a new one.`;
const RESEND = msg`The form could not be sent: wait a moment, reload the page and try again.`;
const ENDED = msg`This booking is cancelled or refused: book again on the booking page.`;

/** The notice for a refused booking, move or cancel on the carrier booking page (issue 29). */
export function bookingProblem(i18n: I18n, error: unknown, fieldCount: number): string | null {
  if (error instanceof CheckInError) {
    if (error.status === 404) return i18n._(NO_PAGE);
    if (error.status === 409) return i18n._(ENDED);
    if (error.status === 400 && fieldCount === 0) return i18n._(RESEND);
  }
  return checkInProblem(i18n, error, fieldCount);
}
