import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  numeric,
  pgTable,
  smallint,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { LOAD_EMPTY, LOAD_TYPES } from "../../../shared/contract/shipments";
import { clients } from "./clients";
import { at, blank, createdAt, modifiedFields, sqlList, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { shippers } from "./shippers";
import { users } from "./users";

/**
 * Statuses of shipment lines, with the spec's ids (the rows are inserted by the migration and
 * mirror src/shared/contract/status.ts). description is a translation key.
 */
export const statuses = pgTable(
  "statuses",
  {
    id: integer("id").primaryKey(),
    /** 1 expedition, 2 reception. */
    type: smallint("type").notNull(),
    description: text("description").notNull(),
    color: text("color").notNull(),
    ordering: integer("ordering").notNull(),
    incidence: boolean("incidence").notNull().default(false),
  },
  (table) => [check("statuses_type_check", sql`${table.type} in (1, 2)`)],
);

/** Reasons of a status (incidences, delays, cancellations); code is unique per status. */
export const reasons = pgTable(
  "reasons",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    statusId: integer("status_id")
      .notNull()
      .references(() => statuses.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    description: text("description").notNull().default(""),
  },
  (table) => [uniqueIndex("reasons_status_code_key").on(table.statusId, table.code)],
);

/**
 * Expeditions (type 1) and receptions (type 2). `place` is the destination of an expedition
 * and the origin of a reception; action_date its loading or discharge date. Deleting sets
 * deleted_at (the row stays, so a change feed can report the deletion).
 */
export const SHIPMENTS_UID_KEY = "shipments_company_uid_key";

export const shipments = pgTable(
  "shipments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Client-chosen id of the creation (PUT api/expedition/uid/{uid}): a device plans a line
     * offline under it, and a repeated PUT finds the line instead of creating it twice.
     */
    uid: uuid("uid").notNull().defaultRandom(),
    companyId: companyColumn(),
    type: smallint("type").notNull(),
    /** Delivery note. */
    code: blank("code"),
    bookedDate: at("booked_date").notNull(),
    actionDate: at("action_date"),
    arrivalDate: at("arrival_date"),
    /**
     * BI's departure (issue 30), kept by triggers (migration 0024), never written by the app:
     * the truck's first check-out after the line's arrival, else its loading or discharge
     * time when that is not before the arrival; null without an arrival.
     */
    departureDate: at("departure_date"),
    /**
     * BI's dwell in minutes (issue 30, migration 0027), computed by the database from the two
     * instants, the very value BI's percentiles sorted when they computed it per line (a
     * numeric cast to float8 per line was most of a year's dwell figures).
     */
    dwellMinutes: doublePrecision("dwell_minutes").generatedAlwaysAs(
      sql`(extract(epoch from "departure_date" - "arrival_date") / 60)::float8`,
    ),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    place: blank("place"),
    clientNotes: blank("client_notes"),
    companyNotes: blank("company_notes"),
    road: blank("road"),
    roadNumber: blank("road_number"),
    packages: integer("packages"),
    shipperId: integer("shipper_id").references(() => shippers.id, { onDelete: "set null" }),
    sharedId: blank("shared_id"),
    infoShipper: blank("info_shipper"),
    palletNotes: blank("pallet_notes"),
    routePlate: blank("route_plate"),
    urgent: boolean("urgent").notNull().default(false),
    statusId: integer("status_id")
      .notNull()
      .references(() => statuses.id),
    reasonId: integer("reason_id").references(() => reasons.id, { onDelete: "set null" }),
    ownTruck: boolean("own_truck").notNull().default(false),
    groupage: boolean("groupage").notNull().default(false),
    warehouse: blank("warehouse"),
    dock: blank("dock"),
    weight: numeric("weight", { precision: 12, scale: 3, mode: "number" }),
    /** The line travels with a packing list (its packing lines: the documents issue). */
    packingList: boolean("packing_list").notNull().default(false),
    rruleStr: text("rrule_str"),
    loadEmpty: text("load_empty", { enum: LOAD_EMPTY }),
    loadType: text("load_type", { enum: LOAD_TYPES }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    deletedAt: at("deleted_at"),
  },
  (table) => [
    // The lists' order within a company and type, live lines only.
    index("shipments_company_type_booked_idx")
      .on(table.companyId, table.type, table.bookedDate, table.id)
      .where(sql`${table.deletedAt} is null`),
    index("shipments_company_status_idx")
      .on(table.companyId, table.statusId)
      .where(sql`${table.deletedAt} is null`),
    // Trigram index for the delivery-note "contains" filter (extension pg_trgm).
    index("shipments_code_trgm_idx").using("gin", sql`${table.code} gin_trgm_ops`),
    index("shipments_status_idx").on(table.statusId),
    uniqueIndex(SHIPMENTS_UID_KEY).on(table.companyId, table.uid),
    index("shipments_client_idx").on(table.clientId),
    index("shipments_shipper_idx").on(table.shipperId),
    check("shipments_type_check", sql`${table.type} in (1, 2)`),
    check("shipments_packages_check", sql`${table.packages} >= 0`),
    check("shipments_load_empty_check", sql.raw(`"load_empty" in (${sqlList(LOAD_EMPTY)})`)),
    check("shipments_load_type_check", sql.raw(`"load_type" in (${sqlList(LOAD_TYPES)})`)),
  ],
);

export type ShipmentRow = typeof shipments.$inferSelect;
export type NewShipmentRow = typeof shipments.$inferInsert;

/** Changes of a shipment: who, when, the state after it and each field's old and new value. */
export const shipmentHistory = pgTable(
  "shipment_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    created: at("created").notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    statusId: integer("status_id").references(() => statuses.id),
    reasonId: integer("reason_id").references(() => reasons.id, { onDelete: "set null" }),
    modifiedFields: modifiedFields(),
  },
  (table) => [index("shipment_history_shipment_idx").on(table.shipmentId, table.id)],
);

export type HistoryRow = typeof shipmentHistory.$inferSelect;
export type NewHistoryRow = typeof shipmentHistory.$inferInsert;
