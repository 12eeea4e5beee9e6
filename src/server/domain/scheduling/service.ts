import { IANAZone } from "luxon";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { DaySlots, DockSchedule, OperationType } from "../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Executor } from "../../db/database";
import { errors } from "../../errors";
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

/** Restricted dates are managed with the lockdowns permission, or by an admin (dock settings). */
export function requireManagesLockdowns(auth: AuthContext): void {
  if (!allowed(auth, "lockdowns") && !auth.roles.includes("admin")) throw errors.forbidden();
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
  };
}

/** Every slot of `day` for the operation: lines booked, capacity, open or not. */
export async function slotsOfDay(
  db: Executor,
  companyId: number,
  day: string,
  operation: OperationType,
): Promise<DaySlots> {
  const configured = await findSchedule(db, companyId, { configuredOnly: true });
  const schedule = configured ?? (await findSchedule(db, companyId));
  const zone = schedule.timeZone;
  const restricted = await isRestricted(db, companyId, day);
  const { from, until } = dayBounds(day, zone);
  const booked = await bookedDates(db, companyId, typeOf(operation), from, until);
  const perHour = new Map<number, number>();
  for (const instant of booked) {
    const hour = slotOf(instant, zone).hour;
    perHour.set(hour, (perHour.get(hour) ?? 0) + 1);
  }
  const capacity = operation === "load" ? schedule.loadPerHour : schedule.unloadPerHour;
  return {
    date: day,
    restricted,
    time_zone: zone,
    slots: daySlots(day, zone).map((slot) => ({
      start: slotText(slot.start, zone),
      hour: slot.hour,
      booked: perHour.get(slot.hour) ?? 0,
      capacity,
      open: !restricted && slot.hour >= schedule.opensAt && slot.hour <= schedule.closesAt,
    })),
  };
}

/** The hours still bookable: open, not restricted, below capacity. */
export function offeredHours(day: DaySlots): string[] {
  return day.slots
    .filter((slot) => slot.open && (slot.capacity === null || slot.booked < slot.capacity))
    .map((slot) => slot.start);
}
