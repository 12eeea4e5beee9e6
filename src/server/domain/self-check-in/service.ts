import { randomUUID } from "node:crypto";
import type { Locale } from "../../../shared/constants";
import type { SelfCheckInAnswer } from "../../../shared/contract/check-in";
import { plateKeyOf } from "../../../shared/contract/trucks";
import { normalisePhone } from "../../../shared/phone";
import type { Db } from "../../db/database";
import { ApiError, errors } from "../../errors";
import { linesByReference } from "../check-in/repository";
import { type CheckInDeps, checkInOnce, phoneCountry } from "../check-in/service";
import { today } from "../scheduling/yard-day";

/** The one answer for every reference the driver cannot check in with (non-disclosure). */
export const NOT_POSSIBLE =
  "No check-in is possible with this reference today. Please go to the gate.";

export interface SelfCheckIn {
  reference: string;
  plate: string;
  name: string;
  phone: string;
  country_code?: string | null | undefined;
  language?: Locale | undefined;
}

/**
 * The driver's own check-in on the company's public page: today's line of the reference (any
 * type) that has no truck yet, or that already has this truck (a repeated submit answers the
 * dock again and changes nothing). Unknown, other day, taken: the same 404, so the page tells
 * nothing about other references. Only warehouse, dock and time go back.
 */
export async function selfCheckIn(
  db: Db,
  companyId: number,
  input: SelfCheckIn,
  deps: CheckInDeps,
): Promise<SelfCheckInAnswer> {
  const phone = normalisePhone(
    input.phone,
    input.country_code || (await phoneCountry(db, companyId)),
  );
  if (!phone) {
    throw errors.validation({ phone: ["Not a valid phone number for this country"] }, undefined, {
      phone: [{ code: "invalid_phone" }],
    });
  }
  const span = await today(db, companyId);
  const lines = [
    ...(await linesByReference(db, companyId, input.reference, 1, span)),
    ...(await linesByReference(db, companyId, input.reference, 2, span)),
  ];
  const plate = plateKeyOf(input.plate);
  const mine = lines.find((row) => row.truck !== null && plateKeyOf(row.truck) === plate);
  if (mine) {
    return {
      warehouse: mine.line.warehouse,
      dock: mine.line.dock,
      booked_date: mine.line.bookedDate.toISOString(),
      sms_sent: false,
    };
  }
  const free = lines.find((row) => row.truck === null);
  if (!free) throw errors.notFound(NOT_POSSIBLE);
  try {
    const { answer } = await checkInOnce(
      db,
      { companyId, userId: null, event: { type: "carrier", id: null } },
      randomUUID(),
      {
        line: free.line.id,
        type: free.line.type as 1 | 2,
        truck: { plate: input.plate, name: input.name, phone: phone.e164 },
        language: input.language,
      },
      deps,
    );
    return {
      warehouse: answer.check_in.warehouse,
      dock: answer.check_in.dock,
      booked_date: answer.booked_date,
      sms_sent: answer.check_in.sms_sent,
    };
  } catch (error) {
    // Taken meanwhile, or not today any more: the same answer as an unknown reference.
    if (error instanceof ApiError && error.statusCode === 409) throw errors.notFound(NOT_POSSIBLE);
    throw error;
  }
}
