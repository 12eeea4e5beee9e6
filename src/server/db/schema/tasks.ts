import { sql } from "drizzle-orm";
import {
  check,
  date,
  index,
  integer,
  numeric,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { clients } from "./clients";
import { createdAt, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/**
 * The task list (spec "Task list", section 3): tasks ("worksheets") of a company, the work
 * descriptions of each task, and the work-time lines people book against them.
 */
export const worksheets = pgTable(
  "worksheets",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    name: text("name").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [index("worksheets_company_idx").on(table.companyId, table.name)],
);

export const workDescriptions = pgTable(
  "work_descriptions",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    worksheetId: integer("worksheet_id")
      .notNull()
      .references(() => worksheets.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [index("work_descriptions_worksheet_idx").on(table.worksheetId, table.name)],
);

export const TASK_LINES_UID_KEY = "task_lines_company_uid_key";

export const taskLines = pgTable(
  "task_lines",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    /**
     * Client-chosen id of the creation (PUT api/task-line/uid/{uid}): a tablet books a line
     * offline under it, and a replay of that creation finds the line instead of adding one.
     */
    uid: uuid("uid").notNull().defaultRandom(),
    companyId: companyColumn(),
    /** The working day. */
    date: date("date", { mode: "string" }).notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    worksheetId: integer("worksheet_id")
      .notNull()
      .references(() => worksheets.id, { onDelete: "cascade" }),
    descriptionId: integer("description_id")
      .notNull()
      .references(() => workDescriptions.id, { onDelete: "restrict" }),
    clientId: integer("client_id").references(() => clients.id, { onDelete: "set null" }),
    reference: text("reference").notNull().default(""),
    tagNumber: text("tag_number").notNull().default(""),
    timeHours: numeric("time_hours", { precision: 7, scale: 2, mode: "number" }).notNull(),
    reviewedParts: integer("reviewed_parts"),
    rightParts: integer("right_parts"),
    reworkedParts: integer("reworked_parts"),
    nokParts: integer("nok_parts"),
    observations: text("observations").notNull().default(""),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    /** Who wrote the current version (creation, edit, import; issue 24): a 412's changed_by. */
    updatedBy: integer("updated_by").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex(TASK_LINES_UID_KEY).on(table.companyId, table.uid),
    index("task_lines_company_date_idx").on(table.companyId, table.date),
    index("task_lines_worksheet_idx").on(table.worksheetId),
    index("task_lines_user_idx").on(table.userId),
    check("task_lines_hours_check", sql`${table.timeHours} >= 0`),
  ],
);
