import { DateTime } from "luxon";
import type { CheckInLine } from "../../../shared/contract/check-in";
import type { Shipment } from "../../../shared/contract/shipments";
import type { Shipper } from "../../../shared/contract/trucks";
import { plateKeyOf } from "../../../shared/contract/trucks";

/**
 * The check-in terminal's offline rules (pure): a reference matched against the mirrored lines as the
 * server matches it (type, delivery note without regard to case, booked today), and a plate
 * against the mirrored trucks (de-duplicated by plate, the most recently registered kept).
 */

export function sameReference(code: string, reference: string): boolean {
  return code.trim().toLowerCase() === reference.trim().toLowerCase();
}

/**
 * Today as [from, until) on the yard's clock (`zone`: the company's time_zone, as the server
 * decides today); the device's own zone only when the yard's is unknown or not a zone.
 */
export function todaySpan(now: Date, zone?: string): { from: number; until: number } {
  const yard = zone ? DateTime.fromJSDate(now, { zone }) : undefined;
  const start = (yard?.isValid ? yard : DateTime.fromJSDate(now)).startOf("day");
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

/** The yard's day's lines of the type whose delivery note is the reference, booked time first. */
export function matchingLines(
  rows: readonly Shipment[],
  reference: string,
  type: 1 | 2,
  now: Date,
  zone?: string,
): CheckInLine[] {
  const { from, until } = todaySpan(now, zone);
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
  // Plates compare by their key: "1234 ABC" is the truck "1234-ABC" (issue 25).
  const plate = plateKeyOf(typed);
  if (plate === "") return undefined;
  let best: Shipper | undefined;
  for (const truck of trucks) {
    if (plateKeyOf(truck.plate) !== plate) continue;
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

/**
 * The trucks to offer for a line without the server (the mirror): one per plate (the most
 * recently registered), those whose plate contains the typed text, newest arrival first, as
 * api/shipper/available?line= answers online.
 */
export function offerTrucks(trucks: readonly Shipper[], typed: string, limit: number): Shipper[] {
  const text = plateKeyOf(typed);
  const latest = new Map<string, Shipper>();
  for (const truck of trucks) {
    const key = plateKeyOf(truck.plate);
    if (text !== "" && !key.includes(text)) continue;
    const best = latest.get(key);
    if (!best || registered(truck) > registered(best)) latest.set(key, truck);
  }
  return [...latest.values()]
    .sort((a, b) => registered(b) - registered(a) || b.id - a.id)
    .slice(0, limit);
}
