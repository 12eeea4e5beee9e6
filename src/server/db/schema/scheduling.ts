import { boolean, date, integer, pgTable, smallint, text, unique } from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns";
import { companies, companyColumn } from "./companies";
import { users } from "./users";

/**
 * A company's dock schedule (issue 12): the yard's time zone, the bookable hours (a slot per
 * hour from opens_at to closes_at, inside 06..21) and the lines each hour slot takes per
 * operation (load = expeditions, unload = receptions; null = no limit). No row: UTC, 6..21,
 * no limit. The spec binds only receptions to the dock: expeditions respect load_per_hour only
 * when limit_expeditions is on (off by default), and never the hours or restricted dates. Bookings lock this row, so two tablets never both take an hour's last place.
 */
export const dockSchedules = pgTable("dock_schedules", {
  companyId: integer("company_id")
    .primaryKey()
    .references(() => companies.id, { onDelete: "cascade" }),
  timeZone: text("time_zone").notNull().default("UTC"),
  opensAt: smallint("opens_at").notNull().default(6),
  closesAt: smallint("closes_at").notNull().default(21),
  loadPerHour: integer("load_per_hour"),
  unloadPerHour: integer("unload_per_hour"),
  limitExpeditions: boolean("limit_expeditions").notNull().default(false),
  updatedAt: updatedAt(),
});

/** Restricted dates (lockdowns): days of a company on which nothing is booked. */
export const restrictedDates = pgTable(
  "restricted_dates",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    date: date("date", { mode: "string" }).notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  // The unique key is also the index of a company's dates in order.
  (table) => [unique("restricted_dates_company_date_key").on(table.companyId, table.date)],
);
