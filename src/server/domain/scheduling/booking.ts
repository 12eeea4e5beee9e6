import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { NotCreated } from "../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Executor } from "../../db/database";
import { errors } from "../../errors";
import {
  bookedDates,
  countBooked,
  findSchedule,
  isRestricted,
  lockBookingHour,
  lockBookings,
  restrictedDaysBetween,
  type ScheduleRow,
} from "./repository";
import { slotOf } from "./slots";

/**
 * The dock's rules for booking a line into an hour (issues 12 and 25), checked inside the
 * write's transaction after taking the hour's booking lock (lockBookingHour; many hours at
 * once take the company's, lockBookings), so two tablets booking an hour's last place get one
 * success and one refusal, never an overbooked hour, while other hours book meanwhile:
 * - receptions (spec 02 sections 2 and 5: the hour window and restricted dates are reception
 *   rules): a restricted date takes nothing, an hour outside the opening hours is refused, an
 *   hour holding its unload_per_hour receptions is full;
 * - expeditions: only load_per_hour, and only when the company turned limit_expeditions on
 *   (dock settings; off by default);
 * - the lockdowns permission bypasses all of it (the spec lets its holders pick any hour; the
 *   day board shows the overbooking).
 * A company without a dock schedule has no hours and no capacity to respect.
 */

export type BookingProblem = Exclude<NotCreated["code"], "invalid">;

export const BOOKING_MESSAGES: Record<BookingProblem, string> = {
  slot_full: "This hour is full at the dock: pick another hour",
  restricted_date: "Nothing can be booked on this date (restricted date)",
  outside_hours: "This hour is outside the dock's opening hours",
};

export interface BookingCheck {
  companyId: number;
  type: ShipmentType;
  booked: Date;
  /** The lockdowns permission: no hour window, restricted date or capacity holds. */
  lockdowns: boolean;
  /** The line being moved (an edit), not counted against its new hour. */
  except?: number;
}

/** Why the booking cannot be made, or null. Call inside the write's transaction. */
export async function bookingProblem(
  tx: Executor,
  check: BookingCheck,
  configured?: ScheduleRow | null,
): Promise<BookingProblem | null> {
  if (check.lockdowns) return null;
  const schedule = configured === undefined ? await scheduleRow(tx, check.companyId) : configured;
  const zone = schedule?.timeZone ?? "UTC";
  const slot = slotOf(check.booked, zone);
  await lockBookingHour(tx, check.companyId, check.type, slot.start);
  const reception = check.type === SHIPMENT_TYPE.reception;
  if (reception && (await isRestricted(tx, check.companyId, slot.day))) return "restricted_date";
  if (!schedule) return null;
  const hoursProblem = reception ? outsideHours(schedule, slot.hour) : null;
  if (hoursProblem) return hoursProblem;
  const capacity = capacityOf(schedule, check.type);
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

/**
 * Lines of `type` an hour takes (unload: receptions; load: expeditions, only when the company
 * limits them); null: no limit.
 */
export function capacityOf(schedule: ScheduleRow, type: ShipmentType): number | null {
  if (type === SHIPMENT_TYPE.reception) return schedule.unloadPerHour;
  return schedule.limitExpeditions ? schedule.loadPerHour : null;
}

function outsideHours(schedule: ScheduleRow, hour: number): BookingProblem | null {
  return hour < schedule.opensAt || hour > schedule.closesAt ? "outside_hours" : null;
}

/** The bookings of many lines in one transaction (a repeated line's occurrences). */
export interface BookingPlan {
  /** Why a line cannot be booked at `booked`, or null. */
  problem(booked: Date): BookingProblem | null;
  /** Counts a line just booked at `booked` against its hour. */
  book(booked: Date): void;
}

/**
 * The same rules as bookingProblem for every instant in [from, until], read at once: the
 * booking lock, the schedule, the span's restricted days and its booked lines are read once
 * inside the transaction, then each occurrence is checked and counted in memory.
 */
export async function bookingPlan(
  tx: Executor,
  check: Omit<BookingCheck, "booked" | "except">,
  from: Date,
  until: Date,
): Promise<BookingPlan> {
  if (check.lockdowns) return { problem: () => null, book: () => undefined };
  await lockBookings(tx, check.companyId);
  const schedule = await scheduleRow(tx, check.companyId);
  const zone = schedule?.timeZone ?? "UTC";
  const first = slotOf(from, zone);
  const last = slotOf(until, zone);
  const reception = check.type === SHIPMENT_TYPE.reception;
  const restricted = reception
    ? await restrictedDaysBetween(tx, check.companyId, first.day, last.day)
    : new Set<string>();
  const capacity = schedule ? capacityOf(schedule, check.type) : null;
  const perSlot = new Map<number, number>();
  const count = (instant: Date) => {
    const key = slotOf(instant, zone).start.getTime();
    perSlot.set(key, (perSlot.get(key) ?? 0) + 1);
  };
  if (capacity !== null) {
    for (const booked of await bookedDates(tx, check.companyId, check.type, first.start, last.end))
      count(booked);
  }
  return {
    problem(booked) {
      const slot = slotOf(booked, zone);
      if (restricted.has(slot.day)) return "restricted_date";
      if (!schedule) return null;
      const hoursProblem = reception ? outsideHours(schedule, slot.hour) : null;
      if (hoursProblem) return hoursProblem;
      if (capacity === null) return null;
      return (perSlot.get(slot.start.getTime()) ?? 0) >= capacity ? "slot_full" : null;
    },
    book: count,
  };
}

/** The company's configured schedule, or null when it has none. */
async function scheduleRow(tx: Executor, companyId: number): Promise<ScheduleRow | null> {
  const row = await findSchedule(tx, companyId, { configuredOnly: true });
  return row ?? null;
}

/** Throws the 400 a refused booking answers (field booked_date, with its code). */
export function refuseBooking(problem: BookingProblem): never {
  throw errors.validation({ booked_date: [BOOKING_MESSAGES[problem]] }, BOOKING_MESSAGES[problem], {
    booked_date: [{ code: problem }],
  });
}

/** Checks and refuses in one go (the single create and the edit). */
export async function requireBookable(tx: Executor, check: BookingCheck): Promise<void> {
  const problem = await bookingProblem(tx, check);
  if (problem) refuseBooking(problem);
}

/** The lockdowns permission books any hour of any day (spec: it bypasses the hour restrictions). */
export function holdsLockdowns(auth: AuthContext): boolean {
  return allowed(auth, "lockdowns");
}
