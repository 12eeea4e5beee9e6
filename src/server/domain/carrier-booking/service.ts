import { createHash, randomBytes } from "node:crypto";
import { DateTime } from "luxon";
import type { BookingInput, CarrierBooking } from "../../../shared/contract/carrier-booking";
import type { OperationType } from "../../../shared/contract/scheduling";
import { DEFAULT_STATUS } from "../../../shared/contract/status";
import { normalisePhone } from "../../../shared/phone";
import type { Db, Executor } from "../../db/database";
import type { CarrierBookingRow } from "../../db/schema/carrier-bookings";
import { errors } from "../../errors";
import { activePage } from "../check-in/repository";
import { phoneCountry } from "../check-in/service";
import { bookingProblem } from "../scheduling/booking";
import { lockBookingReference } from "../scheduling/repository";
import { dayBounds } from "../scheduling/slots";
import { insertHistory } from "../shipments/repository";
import { insertShipment } from "../shipments/write-repository";
import { checkFormStamp } from "./form-stamp";
import { type BookingWindow, nearestFreeHours, windowOf, windowProblem } from "./hours";
import { type BookingMailDeps, sendBookingMail } from "./mail";
import { presentBooking } from "./presenter";
import { type HourProblem, hourRefused, notWholeHour, referenceRefused } from "./refusals";
import {
  type BookingSettings,
  bookableLines,
  insertBooking,
  lineDock,
  moveLine,
} from "./repository";

/**
 * A carrier books a dock hour on the company's public page (issue 29). Inside one transaction
 * under the reference's and then the hour's booking locks (scheduling/repository.ts
 * lockBookingReference and lockBookingHour, PostgreSQL advisory locks, so they hold across
 * instances, and carriers of other hours never wait): the reference's planned line is found (or, with the
 * company's "create" mode, a line is made in state to_confirm), the dock's rules are checked
 * as the forms check them (scheduling/booking.ts), the line takes the hour and the booking is
 * written. Two carriers taking an hour's last place: one books, the other gets slot_full with
 * the nearest free hours.
 */

export interface BookingPage {
  companyId: number;
  company: string;
  token: string;
  settings: BookingSettings;
}

export interface BookingDeps extends BookingMailDeps {
  secret: Uint8Array;
  minFillMs: number;
}

export type ParsedBooking = Omit<BookingInput, "language"> & { language: string };

export const typeOfOperation = (operation: OperationType) => (operation === "load" ? 1 : 2);

export function hashOf(token: string): string {
  return createHash("sha256").update(token).digest("base64url");
}

/** Bots: the hidden field filled, or the form sent back forged, stale or too fast. */
function refuseBots(page: BookingPage, input: ParsedBooking, deps: BookingDeps): void {
  if (input.website) throw errors.badRequest("The booking could not be accepted");
  const stamp = checkFormStamp(deps.secret, page.token, input.form, deps.minFillMs);
  if (stamp === "fast") {
    throw errors.badRequest("The form was sent too fast: wait a moment and send it again");
  }
  if (stamp === "invalid") throw errors.badRequest("The form has expired: reload the page");
}

function requireOperation(settings: BookingSettings, operation: OperationType): void {
  if (settings[operation]) return;
  const message = "The warehouse takes no bookings for this operation";
  throw errors.validation({ operation: [message] }, message, {
    operation: [{ code: "invalid_choice" }],
  });
}

/** A whole hour on the yard's clock, as the page offers them. */
function hourOf(text: string, zone: string): Date {
  const start = DateTime.fromISO(text, { setZone: true }).setZone(zone);
  if (!start.isValid || start.minute !== 0 || start.second !== 0 || start.millisecond !== 0) {
    throw notWholeHour();
  }
  return start.toJSDate();
}

async function refuseHour(
  db: Executor,
  companyId: number,
  window: BookingWindow,
  operation: OperationType,
  start: Date,
  problem: HourProblem,
): Promise<never> {
  throw hourRefused(problem, await nearestFreeHours(db, companyId, window, operation, start));
}

/** Until when the carrier may move or cancel (null: no longer). */
export function changeableUntil(
  booked: Date,
  settings: BookingSettings,
  now = new Date(),
): Date | null {
  const until = new Date(booked.getTime() - settings.cutoffHours * 3_600_000);
  return until.getTime() > now.getTime() ? until : null;
}

export async function bookSlot(
  db: Db,
  page: BookingPage,
  input: ParsedBooking,
  deps: BookingDeps,
): Promise<{ booking: CarrierBooking; manage: string }> {
  refuseBots(page, input, deps);
  const { companyId, settings } = page;
  requireOperation(settings, input.operation);
  const phone = normalisePhone(input.phone, await phoneCountry(db, companyId));
  if (!phone) {
    throw errors.validation({ phone: ["Not a valid phone number"] }, undefined, {
      phone: [{ code: "invalid_phone" }],
    });
  }
  const window = await windowOf(db, companyId, settings);
  const start = hourOf(input.start, window.zone);
  const outside = windowProblem(window, start);
  if (outside) await refuseHour(db, companyId, window, input.operation, start, outside);
  const type = typeOfOperation(input.operation);
  const manage = randomBytes(24).toString("base64url");
  const outcome = await db.transaction(async (tx) => {
    // One reference at a time (its planned line); the hour's lock comes with bookingProblem.
    await lockBookingReference(tx, companyId, type, input.reference);
    const span = {
      from: dayBounds(window.firstDay, window.zone).from,
      until: dayBounds(window.lastDay, window.zone).until,
    };
    const lines = await bookableLines(tx, companyId, type, input.reference, span.from, span.until);
    const distance = (line: { bookedDate: Date }) =>
      Math.abs(line.bookedDate.getTime() - start.getTime());
    const line = lines.sort((a, b) => distance(a) - distance(b))[0];
    if (!line && settings.referenceMode === "match") return { refused: "reference" as const };
    const problem = await bookingProblem(tx, {
      companyId,
      type: type as 1 | 2,
      booked: start,
      lockdowns: false,
      ...(line ? { except: line.id } : {}),
    });
    if (problem) return { refused: problem as HourProblem };
    const shipmentId = line
      ? await bookLine(tx, companyId, line, start)
      : await createLine(tx, companyId, type, input, phone.e164, start);
    const row = await insertBooking(tx, {
      companyId,
      shipmentId,
      type,
      state: line ? "confirmed" : "to_confirm",
      createdLine: !line,
      plannedDate: line?.bookedDate ?? null,
      bookedDate: start,
      reference: line?.code ?? input.reference,
      carrier: input.carrier,
      plate: input.plate,
      phone: phone.e164,
      email: input.email,
      language: input.language,
      manageHash: hashOf(manage),
    });
    return { row, refused: null };
  });
  if (outcome.refused === "reference") throw referenceRefused();
  if (outcome.refused !== null) {
    return refuseHour(db, companyId, window, input.operation, start, outcome.refused);
  }
  const booking = await afterChange(db, page, outcome.row, outcome.row.state, manage, deps);
  return { booking, manage };
}

async function bookLine(
  tx: Executor,
  companyId: number,
  line: { id: number; bookedDate: Date },
  start: Date,
): Promise<number> {
  await moveLine(tx, companyId, line.id, start);
  await insertHistory(tx, {
    shipmentId: line.id,
    companyId,
    userId: null,
    modifiedFields: {
      booked_date: { old: line.bookedDate.toISOString(), new: start.toISOString() },
    },
  });
  return line.id;
}

async function createLine(
  tx: Executor,
  companyId: number,
  type: number,
  input: ParsedBooking,
  phone: string,
  start: Date,
): Promise<number> {
  const statusId = DEFAULT_STATUS[type as 1 | 2];
  const id = await insertShipment(tx, {
    companyId,
    type,
    code: input.reference,
    bookedDate: start,
    statusId,
    infoShipper: `${input.carrier} · ${input.plate} · ${phone}`,
    routePlate: input.plate,
  });
  if (id === undefined) throw new Error("line not created");
  await insertHistory(tx, {
    shipmentId: id,
    companyId,
    userId: null,
    statusId,
    modifiedFields: { booked_date: { old: null, new: start.toISOString() } },
  });
  return id;
}

/** The mail of a change and the booking as the carrier sees it now. */
export async function afterChange(
  db: Executor,
  page: Omit<BookingPage, "token">,
  row: CarrierBookingRow,
  kind: "confirmed" | "to_confirm" | "moved" | "cancelled" | "refused",
  manage: string | null,
  deps: BookingMailDeps,
): Promise<CarrierBooking> {
  const window = await windowOf(db, page.companyId, page.settings);
  const { warehouse, dock } = await lineDock(db, row.shipmentId);
  const live = row.state === "confirmed" || row.state === "to_confirm";
  const until = live ? changeableUntil(row.bookedDate, page.settings) : null;
  const mailSent = await sendBookingMail(
    {
      kind: kind === "confirmed" && manage ? "booked" : kind,
      booking: row,
      company: page.company,
      zone: window.zone,
      dock: [warehouse, dock].filter(Boolean).join(" "),
      manage,
      changeableUntil: until,
      checkInToken: live ? await activePage(db, page.companyId) : null,
    },
    deps,
  );
  return presentBooking(
    row,
    { company: page.company, zone: window.zone, warehouse, dock },
    until,
    mailSent,
  );
}
