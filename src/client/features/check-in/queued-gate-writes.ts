import { plateKeyOf, type Shipper } from "../../../shared/contract/trucks";
import { db, type OutboxRow } from "../../offline/db";
import { isCheckInPath, isGateWritePath } from "../../offline/gate-writes";
import { truckByPlate } from "./check-in-local";

/**
 * The gate's writes still waiting in the outbox (made offline, or sent without an answer in
 * time), laid over the mirrored trucks: a truck checked in at this terminal is on site for its
 * check-out at once, before the server has heard of it. A check-in changes a line, not a truck
 * row, so without this a truck that arrived and left during a network drop could not be
 * checked out ("No truck with this plate", or "has not checked in" for a known one).
 */

/**
 * The company's queued check-ins and check-outs, oldest first (the outbox's key order, the order
 * they replay in).
 */
export function readQueuedGateWrites(company: number): Promise<OutboxRow[]> {
  return db.outbox
    .filter((entry) => Number(entry.company) === company && isGateWritePath(entry.path))
    .toArray();
}

/** The plate a gate write names (a check-in's truck, a check-out's plate). */
function plateOf(entry: OutboxRow): string {
  const body = (entry.body ?? {}) as { plate?: unknown; truck?: { plate?: unknown } };
  const plate = isCheckInPath(entry.path) ? body.truck?.plate : body.plate;
  return typeof plate === "string" ? plate : "";
}

const textOf = (value: unknown): string | null => (typeof value === "string" ? value : null);

/**
 * A truck the server has not made yet, known from its queued check-in: id 0 (no server row;
 * its check-out queues by plate, commands.ts), its arrival the check-in's.
 */
function provisionalTruck(entry: OutboxRow, arrival: string | null): Shipper {
  const { truck } = (entry.body ?? {}) as { truck?: { name?: unknown; phone?: unknown } };
  return {
    id: 0,
    uid: entry.mutationId,
    company: Number(entry.company),
    plate: plateOf(entry),
    name: textOf(truck?.name) ?? "",
    capacity_load: null,
    phone: textOf(truck?.phone),
    country_code: null,
    register_date: arrival,
    expedition_date: null,
    version: 0,
  };
}

/** The company's trucks as its gate sees them now, and the gate writes still queued. */
export async function readGateTrucks(
  company: number,
): Promise<{ trucks: Shipper[]; queued: OutboxRow[] }> {
  const [mirrored, queued] = await Promise.all([
    db.trucks.where("company").equals(company).toArray(),
    readQueuedGateWrites(company),
  ]);
  return { trucks: trucksAsQueued(mirrored, queued), queued };
}

/** The trucks as the terminal sees them once the queued gate writes are laid over, in order. */
export function trucksAsQueued(
  trucks: readonly Shipper[],
  queued: readonly OutboxRow[],
): Shipper[] {
  const seen = [...trucks];
  for (const entry of queued) {
    const known = truckByPlate(seen, plateOf(entry));
    if (isCheckInPath(entry.path)) {
      const arrival = textOf(entry.changes.arrival_date);
      if (known) seen[seen.indexOf(known)] = { ...known, register_date: arrival };
      else if (plateOf(entry) !== "") seen.push(provisionalTruck(entry, arrival));
    } else if (known) {
      seen[seen.indexOf(known)] = {
        ...known,
        expedition_date: textOf(entry.changes.expedition_date) ?? known.expedition_date,
      };
    }
  }
  return seen;
}

/**
 * Whether this plate's check-in still waits in the outbox: its check-out must then queue behind
 * it (sent straight away, it would reach the server first and be refused "has not checked in").
 */
export function checkInWaits(queued: readonly OutboxRow[], plate: string): boolean {
  const key = plateKeyOf(plate);
  return queued.some((entry) => isCheckInPath(entry.path) && plateKeyOf(plateOf(entry)) === key);
}
