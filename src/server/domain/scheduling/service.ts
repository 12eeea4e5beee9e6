import { IANAZone } from "luxon";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { DaySlots, DockSchedule, OperationType } from "../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Executor } from "../../db/database";
import { errors } from "../../errors";
import { capacityOf } from "./booking";
import { bookedDates, findSchedule, isRestricted, type ScheduleRow } from "./repository";
import { dayBounds, daySlots, slotOf, slotText } from "./slots";

/** Slots of a day, the dock schedule as the API shows it, who may do what. */

export function typeOf(operation: OperationType): ShipmentType {
  return operation === "load" ? SHIPMENT_TYPE.expedition : SHIPMENT_TYPE.reception;
}

/** Seeing slots needs seeing the list of that operation's lines. */
export function requireSeesOperation(auth: AuthContext, operation: OperationType): void {
  const permission = operation === "load" ? "seeExpeditions" : "seeReceptions";
  if (!allowed(auth, permission)) throw errors.forbidden();
}

/** Reading the schedule and the restricted dates: seeing expeditions or receptions. */
export function requireSeesLines(auth: AuthContext): void {
  if (!allowed(auth, "seeExpeditions") && !allowed(auth, "seeReceptions")) {
    throw errors.forbidden();
  }
}

/**
 * Restricted dates are managed only in trw companies and only with the lockdowns permission
 * (spec 02 section 2: the lockdowns dialog is for trw companies whose user holds lockdowns; a
 * trw admin, whose role prohibits lockdowns, manages none).
 */
export function requireManagesLockdowns(auth: AuthContext): void {
  if (!managesLockdowns(auth)) throw errors.forbidden();
}

export function managesLockdowns(auth: AuthContext): boolean {
  return auth.company.is_trw && allowed(auth, "lockdowns");
}

export function requireAdmin(auth: AuthContext): void {
  if (!auth.roles.includes("admin")) throw errors.forbidden();
}

export function scheduleRowOf(schedule: DockSchedule): ScheduleRow {
  if (!IANAZone.isValidZone(schedule.time_zone)) {
    throw errors.validation({ time_zone: ["Not a known time zone"] }, undefined, {
      time_zone: [{ code: "invalid_choice" }],
    });
  }
  return {
    timeZone: schedule.time_zone,
    opensAt: schedule.opens_at,
    closesAt: schedule.closes_at,
    loadPerHour: schedule.load_per_hour,
    unloadPerHour: schedule.unload_per_hour,
    limitExpeditions: schedule.limit_expeditions,
  };
}

/**
 * Every slot of `day` for the operation: lines booked, capacity, open or not. Receptions
 * (unload) keep to the opening hours and restricted dates; expeditions (load) have every slot
 * 06..21 open and a capacity only when the company limits them.
 */
export async function slotsOfDay(
  db: Executor,
  companyId: number,
  day: string,
  operation: OperationType,
): Promise<DaySlots> {
  const configured = await findSchedule(db, companyId, { configuredOnly: true });
  const schedule = configured ?? (await findSchedule(db, companyId));
  const zone = schedule.timeZone;
  const type = typeOf(operation);
  const restricted = await isRestricted(db, companyId, day);
  const { from, until } = dayBounds(day, zone);
  const booked = await bookedDates(db, companyId, type, from, until);
  const perHour = new Map<number, number>();
  for (const instant of booked) {
    const hour = slotOf(instant, zone).hour;
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  }
  const capacity = capacityOf(schedule, type);
  const bound = operation === "unload";
  return {
    date: day,
    restricted,
    time_zone: zone,
    slots: daySlots(day, zone).map((slot) => ({
      start: slotText(slot.start, zone),
      hour: slot.hour,
      booked: perHour.get(slot.hour) ?? 0,
      capacity,
      open:
        !bound || (!restricted && slot.hour >= schedule.opensAt && slot.hour <= schedule.closesAt),
    })),
  };
}

/** The hours still bookable: open, not restricted, below capacity. */
export function offeredHours(day: DaySlots): string[] {
  return day.slots
    .filter((slot) => slot.open && (slot.capacity === null || slot.booked < slot.capacity))
    .map((slot) => slot.start);
}
