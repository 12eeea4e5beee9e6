import { sql } from "drizzle-orm";
import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, createdAt, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/** Name of the unique index behind "a truck with this plate already exists" (409). */
export const SHIPPERS_PLATE_KEY = "shippers_company_plate_key";
/** Name of the unique index of client-chosen ids (a repeated creation finds its truck). */
export const SHIPPERS_UID_KEY = "shippers_company_uid_key";

/** Trucks (carriers) of a company's registry; plates are unique within the company. */
export const shippers = pgTable(
  "shippers",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Client-chosen id of the creation (PUT api/shipper/uid/{uid}): a device signs a truck up
     * offline under it, and a repeated creation finds the same truck. Random for other rows.
     */
    uid: uuid("uid").notNull().defaultRandom(),
    companyId: companyColumn(),
    /** As typed, upper case, hyphens and spaces kept (src/shared/plate.ts, issue 25). */
    plate: text("plate").notNull(),
    /**
     * The plate without spaces or hyphens: what duplicates, lookups and searches compare
     * (normalisePlate in src/shared/plate.ts), unique within the company.
     */
    plateKey: text("plate_key")
      .notNull()
      .generatedAlwaysAs(sql`upper(regexp_replace("plate", '[[:space:]‐-―-]', '', 'g'))`),
    name: text("name").notNull(),
    capacityLoad: integer("capacity_load"),
    /** E.164. */
    phone: text("phone"),
    /** ISO 3166-1 alpha-2 country of the phone. */
    countryCode: text("country_code"),
    /** Arrival (last check-in). */
    registerDate: at("register_date"),
    /** Departure. */
    expeditionDate: at("expedition_date"),
    version: version(),
    /**
     * Who wrote the current version (every write: creation, edit, check-in and check-out,
     * imports; issue 24): a 412's changed_by. Null for rows written before the column, by the
     * seed, or by a deleted user.
     */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex(SHIPPERS_PLATE_KEY).on(table.companyId, table.plateKey),
    uniqueIndex(SHIPPERS_UID_KEY).on(table.companyId, table.uid),
    // The list's order: newest arrival first, trucks never registered last.
    index("shippers_company_register_idx").on(
      table.companyId,
      sql`${table.registerDate} desc nulls last`,
      sql`${table.id} desc`,
    ),
  ],
);

export type ShipperRow = typeof shippers.$inferSelect;
export type NewShipperRow = typeof shippers.$inferInsert;
