import { sql } from "drizzle-orm";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { NotCreated } from "../../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../../shared/contract/status";
import { can } from "../../../../shared/permissions";
import type { AuthContext } from "../../../auth/context";
import type { Executor } from "../../../db/database";
import { errors } from "../../../errors";
import { countBooked, findSchedule, isRestricted, type ScheduleRow } from "./repository";
import { slotOf } from "./slots";

/**
 * The dock's rules for booking a line into an hour (issue 12), checked inside the write's
 * transaction after taking the company's booking lock, so two tablets booking an hour's last
 * place get one success and one refusal, never an overbooked hour:
 * - a restricted date takes nothing;
 * - an hour outside the opening hours is refused, except for the lockdowns permission;
 * - an hour holding its capacity of lines of the type (load: expeditions, unload: receptions)
 *   is full, for everyone.
 * A company without a dock schedule has no hours and no capacity to respect.
 */

export type BookingProblem = Exclude<NotCreated["code"], "invalid">;

const MESSAGES: Record<BookingProblem, string> = {
  slot_full: "This hour is full at the dock: pick another hour",
  restricted_date: "Nothing can be booked on this date (restricted date)",
  outside_hours: "This hour is outside the dock's opening hours",
};

/** Serializes the bookings of a company until the transaction ends. */
async function lockBookings(tx: Executor, companyId: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${BOOKING_LOCK}, ${companyId})`);
}

/** The advisory lock namespace of dock bookings (any int4 no other lock uses). */
const BOOKING_LOCK = 120_012;

export interface BookingCheck {
  companyId: number;
  type: ShipmentType;
  booked: Date;
  /** The lockdowns permission: any hour, opening hours or not. */
  anyHour: boolean;
  /** The line being moved (an edit), not counted against its new hour. */
  except?: number;
}

/** Why the booking cannot be made, or null. Call inside the write's transaction. */
export async function bookingProblem(
  tx: Executor,
  check: BookingCheck,
  configured?: ScheduleRow | null,
): Promise<BookingProblem | null> {
  await lockBookings(tx, check.companyId);
  const schedule = configured === undefined ? await scheduleRow(tx, check.companyId) : configured;
  const zone = schedule?.timeZone ?? "UTC";
  const slot = slotOf(check.booked, zone);
  if (await isRestricted(tx, check.companyId, slot.day)) return "restricted_date";
  if (!schedule) return null;
  if (!check.anyHour && (slot.hour < schedule.opensAt || slot.hour > schedule.closesAt)) {
    return "outside_hours";
  }
  const capacity =
    check.type === SHIPMENT_TYPE.expedition ? schedule.loadPerHour : schedule.unloadPerHour;
  if (capacity === null) return null;
  const booked = await countBooked(
    tx,
    check.companyId,
    check.type,
    slot.start,
    slot.end,
    check.except,
  );
  return booked >= capacity ? "slot_full" : null;
}

/** The company's configured schedule, or null when it has none. */
async function scheduleRow(tx: Executor, companyId: number): Promise<ScheduleRow | null> {
  const row = await findSchedule(tx, companyId, { configuredOnly: true });
  return row ?? null;
}

/** Throws the 400 a refused booking answers (field booked_date, with its code). */
export function refuseBooking(problem: BookingProblem): never {
  throw errors.validation({ booked_date: [MESSAGES[problem]] }, MESSAGES[problem], {
    booked_date: [{ code: problem }],
  });
}

/** Checks and refuses in one go (the single create and the edit). */
export async function requireBookable(tx: Executor, check: BookingCheck): Promise<void> {
  const problem = await bookingProblem(tx, check);
  if (problem) refuseBooking(problem);
}

/** The lockdowns permission books any hour (spec: it bypasses the hour restrictions). */
export function booksAnyHour(auth: AuthContext): boolean {
  return can(auth.roles, "lockdowns", auth.company.is_trw);
}
