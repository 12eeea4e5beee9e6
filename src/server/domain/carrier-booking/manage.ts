import { DateTime } from "luxon";
import type { CarrierBooking } from "../../../shared/contract/carrier-booking";
import type { Db, Executor } from "../../db/database";
import type { CarrierBookingRow } from "../../db/schema/carrier-bookings";
import { ApiError, errors } from "../../errors";
import { bookingProblem } from "../scheduling/booking";
import { insertHistory } from "../shipments/repository";
import { freeHours, nearestFreeHours, windowOf, windowProblem } from "./hours";
import type { BookingMailDeps } from "./mail";
import { operationOf, presentBooking } from "./presenter";
import { hourRefused, notWholeHour, pastCutoff } from "./refusals";
import {
  bookingByHash,
  companyName,
  findSettings,
  lineDock,
  moveLine,
  updateBooking,
} from "./repository";
import { afterChange, changeableUntil, hashOf } from "./service";

/**
 * The carrier's private link (issue 29): read the booking, move it (booking again: the same
 * rules as a new booking, its line takes the new hour) or cancel it (the hour is free again),
 * until the company's cut-off before the booked hour. Each change sends a new mail.
 */

const GONE = "This booking link does not exist";
const ENDED = "This booking is cancelled or refused: book again on the booking page";

async function pageOf(db: Executor, row: CarrierBookingRow) {
  return {
    companyId: row.companyId,
    company: await companyName(db, row.companyId),
    settings: await findSettings(db, row.companyId),
  };
}

export async function readManaged(db: Db, manage: string): Promise<CarrierBooking> {
  const row = await bookingByHash(db, hashOf(manage));
  if (!row) throw errors.notFound(GONE);
  const page = await pageOf(db, row);
  const { zone: timeZone } = await windowOf(db, row.companyId, page.settings);
  const live = row.state === "confirmed" || row.state === "to_confirm";
  const { warehouse, dock } = await lineDock(db, row.shipmentId);
  return presentBooking(
    row,
    { company: page.company, zone: timeZone, warehouse, dock },
    live ? changeableUntil(row.bookedDate, page.settings) : null,
    false,
  );
}

/** The free hours a booking may move to on `day` (its operation, its company's rules). */
export async function managedFreeHours(db: Db, manage: string, day: string): Promise<string[]> {
  const row = await bookingByHash(db, hashOf(manage));
  if (!row) throw errors.notFound(GONE);
  const settings = await findSettings(db, row.companyId);
  const window = await windowOf(db, row.companyId, settings);
  return freeHours(db, row.companyId, window, operationOf(row.type), day);
}

/** The live booking behind the link, inside the transaction, still before its cut-off. */
async function changeable(tx: Executor, manage: string) {
  const row = await bookingByHash(tx, hashOf(manage));
  if (!row) throw errors.notFound(GONE);
  if (row.state !== "confirmed" && row.state !== "to_confirm") {
    throw new ApiError(409, "conflict", ENDED);
  }
  const page = await pageOf(tx, row);
  if (!changeableUntil(row.bookedDate, page.settings)) throw pastCutoff();
  return { row, page };
}

export async function moveBooking(
  db: Db,
  manage: string,
  startText: string,
  deps: BookingMailDeps,
): Promise<CarrierBooking> {
  const outcome = await db.transaction(async (tx) => {
    const found = await bookingByHash(tx, hashOf(manage));
    if (!found) throw errors.notFound(GONE);
    const { row, page } = await changeable(tx, manage);
    const window = await windowOf(tx, row.companyId, page.settings);
    const start = DateTime.fromISO(startText, { setZone: true }).setZone(window.zone);
    if (!start.isValid || start.minute !== 0 || start.second !== 0) throw notWholeHour();
    const booked = start.toJSDate();
    const problem =
      windowProblem(window, booked) ??
      (await bookingProblem(tx, {
        companyId: row.companyId,
        type: row.type as 1 | 2,
        booked,
        lockdowns: false,
        ...(row.shipmentId ? { except: row.shipmentId } : {}),
      }));
    if (problem) return { problem, window, booked, row, page, moved: null };
    if (row.shipmentId) {
      await moveLine(tx, row.companyId, row.shipmentId, booked);
      await insertHistory(tx, {
        shipmentId: row.shipmentId,
        companyId: row.companyId,
        userId: null,
        modifiedFields: {
          booked_date: { old: row.bookedDate.toISOString(), new: booked.toISOString() },
        },
      });
    }
    return { moved: await updateBooking(tx, row.id, { bookedDate: booked }), page, problem: null };
  });
  if (outcome.problem !== null) {
    const { problem, window, booked, row } = outcome;
    const operation = operationOf(row.type);
    throw hourRefused(
      problem,
      await nearestFreeHours(db, row.companyId, window, operation, booked),
    );
  }
  return afterChange(db, outcome.page, outcome.moved, "moved", manage, deps);
}

export async function cancelBooking(
  db: Db,
  manage: string,
  deps: BookingMailDeps,
): Promise<CarrierBooking> {
  const { cancelled, page } = await db.transaction(async (tx) => {
    const { row, page } = await changeable(tx, manage);
    await releaseLine(tx, row);
    return { cancelled: await updateBooking(tx, row.id, { state: "cancelled" }), page };
  });
  return afterChange(db, page, cancelled, "cancelled", null, deps);
}

/**
 * Frees the booking's hour: a line the booking made goes (deleted), a planned line goes back
 * to the hour the office had planned.
 */
export async function releaseLine(tx: Executor, row: CarrierBookingRow): Promise<void> {
  if (row.shipmentId === null) return;
  if (row.createdLine) {
    await moveLine(tx, row.companyId, row.shipmentId, null);
    return;
  }
  const planned = row.plannedDate ?? row.bookedDate;
  await moveLine(tx, row.companyId, row.shipmentId, planned);
  await insertHistory(tx, {
    shipmentId: row.shipmentId,
    companyId: row.companyId,
    userId: null,
    modifiedFields: {
      booked_date: { old: row.bookedDate.toISOString(), new: planned.toISOString() },
    },
  });
}
