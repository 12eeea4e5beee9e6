import type { FieldErrorCode } from "../../../shared/contract/errors";
import { ApiError, withCodes } from "../../errors";
import { BOOKING_MESSAGES, type BookingProblem } from "../scheduling/booking";

/** Why a carrier's hour or reference is refused, as a 400 the page words by field code. */

export type HourProblem = BookingProblem | "too_soon" | "too_far";

const HOUR_MESSAGES: Record<HourProblem, string> = {
  ...BOOKING_MESSAGES,
  too_soon: "This hour is past or too soon to book: pick a later hour",
  too_far: "This hour is beyond the days the warehouse takes bookings for",
};

export const UNKNOWN_REFERENCE =
  "No planned delivery or collection has this reference: check it with the warehouse";

function refusal(
  field: string,
  code: FieldErrorCode,
  message: string,
  extra: Record<string, unknown> = {},
): ApiError {
  return withCodes(
    new ApiError(400, "validation_error", message, { [field]: [message] }, {}, extra),
    { [field]: [{ code }] },
  );
}

/** A refused hour, with the nearest free hours the carrier may take instead. */
export function hourRefused(problem: HourProblem, alternatives: string[]): ApiError {
  return refusal("start", problem, HOUR_MESSAGES[problem], { alternatives });
}

export function referenceRefused(): ApiError {
  return refusal("reference", "unknown_reference", UNKNOWN_REFERENCE);
}

export function pastCutoff(): ApiError {
  return refusal(
    "start",
    "past_cutoff",
    "This booking can no longer be changed online: call the warehouse",
  );
}

export function notWholeHour(): ApiError {
  return refusal("start", "invalid", "Pick one of the offered hours");
}

export function isUnknownReference(error: unknown): boolean {
  return (
    error instanceof ApiError && error.fieldCodes?.reference?.[0]?.code === "unknown_reference"
  );
}
