import { DateTime } from "luxon";
import type { DaySlots } from "../../../shared/contract/scheduling";
import { SLOT_HOURS } from "../../../shared/contract/scheduling";
import type { Shipment } from "../../../shared/contract/shipments";

/** The day board's arithmetic (pure): lines per hour slot, and what room each slot has left. */

export interface BoardSlot {
  hour: number;
  /** The lines booked in this hour, earliest first (expeditions and receptions together). */
  lines: Shipment[];
  load: SlotRoom;
  unload: SlotRoom;
  /** Inside the opening hours and not a restricted date. */
  open: boolean;
}

export interface SlotRoom {
  booked: number;
  /** Lines per hour; null = no limit, undefined = not known (never loaded, offline). */
  capacity: number | null | undefined;
  /** capacity - booked (never below 0), null without a limit, undefined when not known. */
  free: number | null | undefined;
  /** Lines beyond the capacity (lockdowns holders may overbook an hour); 0 when none. */
  over: number;
}

function room(booked: number, capacity: number | null | undefined): SlotRoom {
  const free =
    capacity === undefined ? undefined : capacity === null ? null : Math.max(0, capacity - booked);
  const over = typeof capacity === "number" ? Math.max(0, booked - capacity) : 0;
  return { booked, capacity, free, over };
}

/**
 * The day's slots 06:00..21:00 with the lines booked in each (placed by their booked hour on
 * the yard's clock; lines outside those hours join the nearest end) and the room per operation:
 * booked counts from the lines shown, so they follow every live change; capacities from the
 * server's answer.
 */
export function boardSlots(
  lines: readonly Shipment[],
  zone: string,
  load: DaySlots | undefined,
  unload: DaySlots | undefined,
): BoardSlot[] {
  const first = SLOT_HOURS[0] ?? 6;
  const last = SLOT_HOURS.at(-1) ?? 21;
  const byHour = new Map<number, Shipment[]>();
  const sorted = [...lines].sort(
    (a, b) => Date.parse(a.booked_date) - Date.parse(b.booked_date) || a.id - b.id,
  );
  for (const line of sorted) {
    const hour = DateTime.fromISO(line.booked_date, { zone }).hour;
    const slot = Math.min(last, Math.max(first, hour));
    byHour.set(slot, [...(byHour.get(slot) ?? []), line]);
  }
  return SLOT_HOURS.map((hour) => {
    const here = byHour.get(hour) ?? [];
    const count = (type: number) => here.filter((line) => line.type === type).length;
    const loadSlot = load?.slots.find((slot) => slot.hour === hour);
    const unloadSlot = unload?.slots.find((slot) => slot.hour === hour);
    return {
      hour,
      lines: here,
      load: room(count(1), loadSlot ? loadSlot.capacity : undefined),
      unload: room(count(2), unloadSlot ? unloadSlot.capacity : undefined),
      open: (unloadSlot ?? loadSlot)?.open ?? true,
    };
  });
}
