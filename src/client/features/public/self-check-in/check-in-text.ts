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
};
const FIELD_SPECIFIC: Record<string, Partial<Record<FieldErrorCode, MessageDescriptor>>> = {
  plate: {
    required: msg`Write the plate`,
    invalid_characters: msg`Only letters and digits are allowed`,
  },
  name: { required: msg`Write the name` },
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
