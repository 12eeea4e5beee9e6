import { randomBytes } from "node:crypto";
import type {
  CarrierBookingSettings,
  CarrierBookingSettingsAnswer,
  OfficeBooking,
} from "../../../shared/contract/carrier-booking";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { ApiError, errors } from "../../errors";
import { findSchedule } from "../scheduling/repository";
import { requireAdmin, requireSeesLines } from "../scheduling/service";
import { dayBounds } from "../scheduling/slots";
import type { BookingMailDeps } from "./mail";
import { releaseLine } from "./manage";
import { presentOfficeBooking } from "./presenter";
import {
  type BookingSettings,
  bookingById,
  bookingsBetween,
  findSettings,
  moveLine,
  saveSettings,
  updateBooking,
} from "./repository";
import { afterChange } from "./service";

/**
 * The office's side of carrier bookings (issue 29): the page's rules and address (dock
 * settings screen), the day's bookings (day board), and the answer to a booking that made a
 * new line (to_confirm: confirmed, or refused and its line removed); the carrier is told by mail.
 */

function answerOf(settings: BookingSettings): CarrierBookingSettingsAnswer {
  return {
    token: settings.token,
    load: settings.load,
    unload: settings.unload,
    lead_minutes: settings.leadMinutes,
    horizon_days: settings.horizonDays,
    cutoff_hours: settings.cutoffHours,
    reference_mode: settings.referenceMode,
  };
}

export async function readSettings(db: Db, auth: AuthContext) {
  requireSeesLines(auth);
  return answerOf(await findSettings(db, auth.company.id));
}

export async function writeSettings(db: Db, auth: AuthContext, input: CarrierBookingSettings) {
  requireAdmin(auth);
  return answerOf(
    await saveSettings(db, auth.company.id, {
      load: input.load,
      unload: input.unload,
      leadMinutes: input.lead_minutes,
      horizonDays: input.horizon_days,
      cutoffHours: input.cutoff_hours,
      referenceMode: input.reference_mode,
    }),
  );
}

/** A new address for the page (the old one stops working at once), or none (`remove`). */
export async function renewPage(db: Db, auth: AuthContext, remove = false) {
  requireAdmin(auth);
  const token = remove ? null : randomBytes(18).toString("base64url");
  return answerOf(await saveSettings(db, auth.company.id, { token }));
}

export async function bookingsOfDay(
  db: Db,
  auth: AuthContext,
  day: string,
): Promise<OfficeBooking[]> {
  requireSeesLines(auth);
  const { timeZone } = await findSchedule(db, auth.company.id);
  const { from, until } = dayBounds(day, timeZone);
  const rows = await bookingsBetween(db, auth.company.id, from, until);
  const sees = (type: number) => allowed(auth, type === 1 ? "seeExpeditions" : "seeReceptions");
  return rows.filter((row) => sees(row.type)).map((row) => presentOfficeBooking(row, timeZone));
}

export async function decideBooking(
  db: Db,
  auth: AuthContext,
  id: number,
  confirm: boolean,
  deps: BookingMailDeps,
): Promise<OfficeBooking> {
  const companyId = auth.company.id;
  const { row, settings } = await db.transaction(async (tx) => {
    const found = await bookingById(tx, companyId, id);
    if (!found) throw errors.notFound();
    if (!allowed(auth, found.type === 1 ? "editExp" : "editRecep")) throw errors.forbidden();
    if (found.state !== "to_confirm") {
      throw new ApiError(409, "conflict", "This booking is not waiting for confirmation");
    }
    if (!confirm) await releaseLine(tx, found);
    // A confirmed line is written too (version bumped), so every board hears of it live.
    else if (found.shipmentId) await moveLine(tx, companyId, found.shipmentId, found.bookedDate);
    const row = await updateBooking(tx, found.id, { state: confirm ? "confirmed" : "refused" });
    return { row, settings: await findSettings(tx, companyId) };
  });
  await afterChange(
    db,
    { companyId, company: auth.company.name, settings },
    row,
    confirm ? "confirmed" : "refused",
    null,
    deps,
  );
  const { timeZone } = await findSchedule(db, companyId);
  return presentOfficeBooking(row, timeZone);
}
