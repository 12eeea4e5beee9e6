import { boolean, integer, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns";

export const companies = pgTable(
  "companies",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    /** Special-behaviour code ("kl", "bw") or null. */
    code: text("code"),
    isTrw: boolean("is_trw").notNull().default(false),
    hasExpeditionsRrule: boolean("has_expeditions_rrule").notNull().default(false),
    hasReceptionsRrule: boolean("has_receptions_rrule").notNull().default(false),
    langPt: boolean("lang_pt").notNull().default(false),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [uniqueIndex("companies_name_key").on(table.name)],
);

/** The company a row belongs to: deleting the company deletes its rows. */
export const companyColumn = () =>
  integer("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });

export type CompanyRow = typeof companies.$inferSelect;
