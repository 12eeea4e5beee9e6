import { DateTime } from "luxon";
import { SLOT_HOURS } from "../../../shared/contract/scheduling";

/**
 * Hour slots on the yard's clock (pure): the slot an instant falls in, the slots of a day, and
 * how a slot is written in answers (YYYY-MM-DDTHH:mm:ss with the yard's offset).
 */

export interface Slot {
  /** The yard's calendar day, YYYY-MM-DD. */
  day: string;
  hour: number;
  start: Date;
  end: Date;
}

export function slotOf(instant: Date, zone: string): Slot {
  const wall = DateTime.fromJSDate(instant, { zone });
  const start = wall.startOf("hour");
  return {
    day: wall.toISODate() ?? "",
    hour: wall.hour,
    start: start.toJSDate(),
    end: start.plus({ hours: 1 }).toJSDate(),
  };
}

/** The day's hour slots 06:00..21:00 in the yard's zone (a daylight-saving gap shifts one). */
export function daySlots(day: string, zone: string): Slot[] {
  const midnight = DateTime.fromISO(day, { zone });
  return SLOT_HOURS.map((hour) => {
    const start = midnight.set({ hour });
    return {
      day,
      hour,
      start: start.toJSDate(),
      end: start.plus({ hours: 1 }).toJSDate(),
    };
  });
}

/** The yard's whole day as [from, until). */
export function dayBounds(day: string, zone: string): { from: Date; until: Date } {
  const midnight = DateTime.fromISO(day, { zone });
  return { from: midnight.toJSDate(), until: midnight.plus({ days: 1 }).toJSDate() };
}

export function slotText(instant: Date, zone: string): string {
  return DateTime.fromJSDate(instant, { zone }).toFormat("yyyy-LL-dd'T'HH:mm:ssZZ");
}
