import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  smallint,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, createdAt, sqlList, updatedAt, version } from "./columns";
import { companies, companyColumn } from "./companies";
import { shipments } from "./shipments";

/** How a carrier's reference is used (issue 29): it must match a planned line, or it makes one. */
export const REFERENCE_MODES = ["match", "create"] as const;
/** A carrier booking's state: confirmed, waiting for the office, refused, cancelled by the carrier. */
export const CARRIER_BOOKING_STATES = ["confirmed", "to_confirm", "refused", "cancelled"] as const;

/**
 * A company's carrier booking page and its rules (issue 29): the page's address (token; a new
 * one replaces it, null: no page), which operations carriers may book, the lead time and
 * horizon of bookable hours, the cut-off before the hour after which the carrier can no longer
 * move or cancel, and how the reference is used.
 */
export const carrierBookingSettings = pgTable(
  "carrier_booking_settings",
  {
    companyId: integer("company_id")
      .primaryKey()
      .references(() => companies.id, { onDelete: "cascade" }),
    token: text("token"),
    load: boolean("load").notNull().default(false),
    unload: boolean("unload").notNull().default(true),
    leadMinutes: integer("lead_minutes").notNull().default(120),
    horizonDays: integer("horizon_days").notNull().default(30),
    cutoffHours: integer("cutoff_hours").notNull().default(24),
    referenceMode: text("reference_mode", { enum: REFERENCE_MODES }).notNull().default("match"),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("carrier_booking_settings_token_key").on(table.token),
    check(
      "carrier_booking_settings_mode_check",
      sql.raw(`"reference_mode" in (${sqlList(REFERENCE_MODES)})`),
    ),
  ],
);

/**
 * A carrier's booking of a line's hour (issue 29). manage_hash is the SHA-256 of the private
 * move/cancel link's token (the link itself is only in the carrier's mail). A line has at most
 * one live booking (confirmed or to_confirm): a unique partial index, so two carriers never
 * both book one planned line; an hour's capacity is kept by the dock's booking lock.
 */
export const carrierBookings = pgTable(
  "carrier_bookings",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    shipmentId: integer("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    type: smallint("type").notNull(),
    state: text("state", { enum: CARRIER_BOOKING_STATES }).notNull(),
    /** The line was made by the booking (reference mode "create"), not planned by the office. */
    createdLine: boolean("created_line").notNull().default(false),
    /** The line's hour before the booking (a planned line): cancelling gives it back. */
    plannedDate: at("planned_date"),
    bookedDate: at("booked_date").notNull(),
    reference: text("reference").notNull(),
    carrier: text("carrier").notNull(),
    plate: text("plate").notNull(),
    phone: text("phone").notNull(),
    email: text("email").notNull(),
    language: text("language").notNull().default("en"),
    manageHash: text("manage_hash").notNull(),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("carrier_bookings_manage_key").on(table.manageHash),
    uniqueIndex("carrier_bookings_live_line_key")
      .on(table.shipmentId)
      .where(sql`${table.state} in ('confirmed', 'to_confirm')`),
    index("carrier_bookings_company_booked_idx").on(table.companyId, table.bookedDate),
    check("carrier_bookings_type_check", sql`${table.type} in (1, 2)`),
    check(
      "carrier_bookings_state_check",
      sql.raw(`"state" in (${sqlList(CARRIER_BOOKING_STATES)})`),
    ),
  ],
);

export type CarrierBookingRow = typeof carrierBookings.$inferSelect;
export type CarrierBookingSettingsRow = typeof carrierBookingSettings.$inferSelect;
