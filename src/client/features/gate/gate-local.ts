import { DateTime } from "luxon";
import type { CheckInLine } from "../../../shared/contract/check-in";
import type { Shipment } from "../../../shared/contract/shipment";
import type { Shipper } from "../../../shared/contract/shipper";
import { plateOf } from "../../../shared/contract/shipper";

/**
 * The gate's offline rules (pure): a reference matched against the mirrored lines as the
 * server matches it (type, delivery note without regard to case, booked today), and a plate
 * against the mirrored trucks (de-duplicated by plate, the most recently registered kept).
 */

export function sameReference(code: string, reference: string): boolean {
  return code.trim().toLowerCase() === reference.trim().toLowerCase();
}

/** Today as [from, until) on the device's clock (the yard's, for a terminal at the gate). */
export function todaySpan(now: Date): { from: number; until: number } {
  const start = DateTime.fromJSDate(now).startOf("day");
  return { from: start.toMillis(), until: start.plus({ days: 1 }).toMillis() };
}

export function lineOf(row: Shipment): CheckInLine {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    booked_date: row.booked_date,
    client: row.client,
    warehouse: row.warehouse,
    dock: row.dock,
    truck: row.shipper?.plate ?? null,
    arrival_date: row.arrival_date,
  };
}

/** The day's lines of the type whose delivery note is the reference, booked time first. */
export function matchingLines(
  rows: readonly Shipment[],
  reference: string,
  type: 1 | 2,
  now: Date,
): CheckInLine[] {
  const { from, until } = todaySpan(now);
  return rows
    .filter((row) => {
      if (row.type !== type || !sameReference(row.code, reference)) return false;
      const booked = Date.parse(row.booked_date);
      return booked >= from && booked < until;
    })
    .sort((a, b) => Date.parse(a.booked_date) - Date.parse(b.booked_date) || a.id - b.id)
    .map(lineOf);
}

/** The truck with this plate; of several, the most recently registered (spec section 3). */
export function truckByPlate(trucks: readonly Shipper[], typed: string): Shipper | undefined {
  const plate = plateOf(typed);
  if (plate === "") return undefined;
  let best: Shipper | undefined;
  for (const truck of trucks) {
    if (truck.plate !== plate) continue;
    if (!best || registered(truck) > registered(best)) best = truck;
  }
  return best;
}

const registered = (truck: Shipper) =>
  truck.register_date ? Date.parse(truck.register_date) : Number.NEGATIVE_INFINITY;

/** On site: arrived and not left since (the same rule as api/shipper/available). */
export function isOnSite(truck: Shipper): boolean {
  if (!truck.register_date) return false;
  return !truck.expedition_date || truck.expedition_date < truck.register_date;
}
