import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { createdAt, version } from "./columns";
import { companyColumn } from "./companies";
import { shipments } from "./shipments";
import { users } from "./users";

/**
 * Files attached to a shipment line (issue 13). The bytes live in the file storage
 * (services/storage) under storage_key, a random name the server chose; name is the uploader's
 * file name, kept only as text (never a path). content_type was sniffed from the bytes.
 */
export const attachments = pgTable(
  "attachments",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    description: text("description").notNull(),
    isImage: boolean("is_image").notNull(),
    contentType: text("content_type").notNull(),
    size: bigint("size", { mode: "number" }).notNull(),
    storageKey: text("storage_key").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("attachments_storage_key_key").on(table.storageKey),
    index("attachments_shipment_idx").on(table.shipmentId, table.id),
    check("attachments_size_check", sql`${table.size} >= 0`),
  ],
);

/** Materials a company packs (packing lists): reference unique per company. */
export const materials = pgTable(
  "materials",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    reference: text("reference").notNull(),
    name: text("name").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [uniqueIndex("materials_company_reference_key").on(table.companyId, table.reference)],
);

/** Packing lines of a shipment: how many packages of a material. */
export const packingLines = pgTable(
  "packing_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    shipmentId: integer("shipment_id")
      .notNull()
      .references(() => shipments.id, { onDelete: "cascade" }),
    materialId: integer("material_id")
      .notNull()
      .references(() => materials.id, { onDelete: "restrict" }),
    numberPackages: integer("number_packages").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [
    index("packing_lines_shipment_idx").on(table.shipmentId, table.id),
    check("packing_lines_packages_check", sql`${table.numberPackages} >= 0`),
  ],
);
