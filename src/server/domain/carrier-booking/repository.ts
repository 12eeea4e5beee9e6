import { and, asc, eq, gte, inArray, isNull, lt, notExists, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import {
  type CarrierBookingRow,
  type CarrierBookingSettingsRow,
  carrierBookingSettings,
  carrierBookings,
} from "../../db/schema/carrier-bookings";
import { companies } from "../../db/schema/companies";
import { shipments } from "../../db/schema/shipments";

/** SQL of carrier bookings (issue 29): the page's settings, the bookings, the lines they book. */

export type BookingSettings = Omit<CarrierBookingSettingsRow, "companyId" | "updatedAt">;

/** No row: no page, unload only, 2 h lead time, 30 days ahead, 24 h cut-off, match. */
export const DEFAULT_BOOKING_SETTINGS: BookingSettings = {
  token: null,
  load: false,
  unload: true,
  leadMinutes: 120,
  horizonDays: 30,
  cutoffHours: 24,
  referenceMode: "match",
};

const SETTINGS = {
  token: carrierBookingSettings.token,
  load: carrierBookingSettings.load,
  unload: carrierBookingSettings.unload,
  leadMinutes: carrierBookingSettings.leadMinutes,
  horizonDays: carrierBookingSettings.horizonDays,
  cutoffHours: carrierBookingSettings.cutoffHours,
  referenceMode: carrierBookingSettings.referenceMode,
};

export async function findSettings(db: Executor, companyId: number): Promise<BookingSettings> {
  const [row] = await db
    .select(SETTINGS)
    .from(carrierBookingSettings)
    .where(eq(carrierBookingSettings.companyId, companyId));
  return row ?? DEFAULT_BOOKING_SETTINGS;
}

/** Saves the rules (the token only when given: undefined keeps the page's address). */
export async function saveSettings(
  db: Executor,
  companyId: number,
  values: Partial<BookingSettings>,
): Promise<BookingSettings> {
  const [row] = await db
    .insert(carrierBookingSettings)
    .values({ ...DEFAULT_BOOKING_SETTINGS, ...values, companyId })
    .onConflictDoUpdate({
      target: carrierBookingSettings.companyId,
      set: { ...values, updatedAt: sql`now()` },
    })
    .returning(SETTINGS);
  return row ?? { ...DEFAULT_BOOKING_SETTINGS, ...values };
}

/** The company and rules behind a live page token. */
export async function pageOfToken(
  db: Executor,
  token: string,
): Promise<{ companyId: number; company: string; settings: BookingSettings } | undefined> {
  const [row] = await db
    .select({ companyId: companies.id, company: companies.name, ...SETTINGS })
    .from(carrierBookingSettings)
    .innerJoin(companies, eq(companies.id, carrierBookingSettings.companyId))
    .where(eq(carrierBookingSettings.token, token));
  if (!row) return undefined;
  const { companyId, company, ...settings } = row;
  return { companyId, company, settings };
}

export async function companyName(db: Executor, companyId: number): Promise<string> {
  const [row] = await db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? "";
}

const LIVE_STATES = ["confirmed", "to_confirm"] as const;

/**
 * The company's live lines of `type` whose delivery note is `reference` (case-insensitive),
 * booked in [from, until), with no live carrier booking, in booked order.
 */
export async function bookableLines(
  db: Executor,
  companyId: number,
  type: number,
  reference: string,
  from: Date,
  until: Date,
): Promise<{ id: number; code: string; bookedDate: Date }[]> {
  return db
    .select({ id: shipments.id, code: shipments.code, bookedDate: shipments.bookedDate })
    .from(shipments)
    .where(
      and(
        eq(shipments.companyId, companyId),
        eq(shipments.type, type),
        isNull(shipments.deletedAt),
        sql`lower(${shipments.code}) = lower(${reference})`,
        gte(shipments.bookedDate, from),
        lt(shipments.bookedDate, until),
        notExists(
          db
            .select({ one: sql`1` })
            .from(carrierBookings)
            .where(
              and(
                eq(carrierBookings.shipmentId, shipments.id),
                inArray(carrierBookings.state, [...LIVE_STATES]),
              ),
            ),
        ),
      ),
    )
    .orderBy(asc(shipments.bookedDate), asc(shipments.id))
    .limit(20);
}

/** Moves a line to `booked` (version bumped), or soft-deletes it (`booked` null). */
export async function moveLine(
  db: Executor,
  companyId: number,
  id: number,
  booked: Date | null,
): Promise<{ warehouse: string; dock: string } | undefined> {
  const [row] = await db
    .update(shipments)
    .set({
      ...(booked ? { bookedDate: booked } : { deletedAt: new Date() }),
      version: sql`${shipments.version} + 1`,
      updatedAt: new Date(),
    })
    .where(
      and(eq(shipments.companyId, companyId), eq(shipments.id, id), isNull(shipments.deletedAt)),
    )
    .returning({ warehouse: shipments.warehouse, dock: shipments.dock });
  return row;
}

export async function lineDock(
  db: Executor,
  id: number | null,
): Promise<{ warehouse: string; dock: string }> {
  if (id === null) return { warehouse: "", dock: "" };
  const [row] = await db
    .select({ warehouse: shipments.warehouse, dock: shipments.dock })
    .from(shipments)
    .where(eq(shipments.id, id));
  return row ?? { warehouse: "", dock: "" };
}

export type NewBooking = typeof carrierBookings.$inferInsert;

export async function insertBooking(db: Executor, row: NewBooking): Promise<CarrierBookingRow> {
  const [inserted] = await db.insert(carrierBookings).values(row).returning();
  if (!inserted) throw new Error("carrier booking not inserted");
  return inserted;
}

/** A live booking by its private link's hash, locked for the change (FOR UPDATE). */
export async function bookingByHash(
  db: Executor,
  hash: string,
): Promise<CarrierBookingRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierBookings)
    .where(eq(carrierBookings.manageHash, hash))
    .for("update");
  return row;
}

export async function bookingById(
  db: Executor,
  companyId: number,
  id: number,
): Promise<CarrierBookingRow | undefined> {
  const [row] = await db
    .select()
    .from(carrierBookings)
    .where(and(eq(carrierBookings.companyId, companyId), eq(carrierBookings.id, id)))
    .for("update");
  return row;
}

export async function updateBooking(
  db: Executor,
  id: number,
  values: Partial<Pick<CarrierBookingRow, "state" | "bookedDate">>,
): Promise<CarrierBookingRow> {
  const [row] = await db
    .update(carrierBookings)
    .set({ ...values, version: sql`${carrierBookings.version} + 1`, updatedAt: new Date() })
    .where(eq(carrierBookings.id, id))
    .returning();
  if (!row) throw new Error("carrier booking not updated");
  return row;
}

/** The company's carrier bookings booked in [from, until), by hour. */
export async function bookingsBetween(
  db: Executor,
  companyId: number,
  from: Date,
  until: Date,
): Promise<CarrierBookingRow[]> {
  return db
    .select()
    .from(carrierBookings)
    .where(
      and(
        eq(carrierBookings.companyId, companyId),
        gte(carrierBookings.bookedDate, from),
        lt(carrierBookings.bookedDate, until),
      ),
    )
    .orderBy(asc(carrierBookings.bookedDate), asc(carrierBookings.id));
}
