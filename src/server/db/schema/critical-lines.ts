import { index, integer, pgTable, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, blank, createdAt, modifiedFields, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

export const CRITICAL_LINES_UID_KEY = "critical_lines_company_uid_key";

/** Critical lines of a company (spec 02 section 3), shown from init_date to end_date. */
export const criticalLines = pgTable(
  "critical_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /** Client-chosen id of the creation: a device creates a line offline under it. */
    uid: uuid("uid").notNull().defaultRandom(),
    companyId: companyColumn(),
    initDate: at("init_date").notNull(),
    endDate: at("end_date").notNull(),
    cause: blank("cause"),
    activity: blank("activity"),
    line: blank("line"),
    product: blank("product"),
    contact: blank("contact"),
    destination: blank("destination"),
    observations: blank("observations"),
    provider: blank("provider"),
    clientName: blank("client_name"),
    /** Creator; users are deactivated rather than deleted, so the name stays readable. */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex(CRITICAL_LINES_UID_KEY).on(table.companyId, table.uid),
    // The list: one company's lines overlapping a range, by start.
    index("critical_lines_company_end_idx").on(table.companyId, table.endDate),
    index("critical_lines_company_init_idx").on(table.companyId, table.initDate, table.id),
  ],
);

export type CriticalLineRow = typeof criticalLines.$inferSelect;
export type NewCriticalLineRow = typeof criticalLines.$inferInsert;

/** Who changed which fields of a critical line, and when (like shipment_history). */
export const criticalLineHistory = pgTable(
  "critical_line_history",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    criticalLineId: integer("critical_line_id")
      .notNull()
      .references(() => criticalLines.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    created: at("created").notNull().defaultNow(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    modifiedFields: modifiedFields(),
  },
  (table) => [index("critical_line_history_line_idx").on(table.criticalLineId, table.id)],
);
