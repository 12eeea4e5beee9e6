import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, createdAt } from "./columns";
import { companyColumn } from "./companies";
import { shipments } from "./shipments";
import { shippers } from "./shippers";
import { users } from "./users";

/** Name of the unique index behind create-once check-ins and check-outs (issue 15). */
export const CHECK_INS_UID_KEY = "check_ins_company_uid_key";

/**
 * Gate events (issue 15): a truck checked in to a line (kind "in": arrival) or checked out
 * (kind "out": departure), under the client-chosen id of the terminal that made it, so a
 * check-in queued offline and replayed twice applies once (the second finds this row).
 */
export const checkIns = pgTable(
  "check_ins",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    uid: uuid("uid").notNull(),
    companyId: companyColumn(),
    kind: text("kind", { enum: ["in", "out"] }).notNull(),
    shipmentId: integer("shipment_id").references(() => shipments.id, { onDelete: "set null" }),
    shipperId: integer("shipper_id").references(() => shippers.id, { onDelete: "set null" }),
    /** null: the carrier's own check-in through the public page. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex(CHECK_INS_UID_KEY).on(table.companyId, table.uid),
    index("check_ins_shipper_idx").on(table.shipperId, table.id),
    index("check_ins_shipment_idx").on(table.shipmentId),
    check("check_ins_kind_check", sql`${table.kind} in ('in', 'out')`),
  ],
);

export type CheckInRow = typeof checkIns.$inferSelect;

/**
 * The public self check-in page of a company (/check-in/{token}): the token is the page's
 * address, revoked by setting revoked_at (a new token makes a new page).
 */
export const checkInPages = pgTable(
  "check_in_pages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    token: text("token").notNull(),
    createdAt: createdAt(),
    revokedAt: at("revoked_at"),
  },
  (table) => [
    uniqueIndex("check_in_pages_token_key").on(table.token),
    index("check_in_pages_company_idx").on(table.companyId),
  ],
);

export type CheckInPageRow = typeof checkInPages.$inferSelect;
