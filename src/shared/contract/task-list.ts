import { z } from "zod";
import { LOCALES } from "../constants";
import { fieldCode, Id, QueryId, text } from "./fields";
import { PagingQuery } from "./paging";

/**
 * The task list (spec "Task list", sections 3, 4, 5 and 7): tasks ("worksheets"), their work
 * descriptions and the work-time lines booked against them. Every call needs seeTasklist and
 * acts for the request's company; a user limited to some clients sees and books only those.
 *
 * - GET api/task-line?page&page_size&date_after&date_before&user&worksheet&reference: a page
 *   ordered by task name, then date (newest first); GET api/task-line/export (same filters):
 *   the lines as an .xlsx workbook.
 * - POST api/task-line, PUT api/task-line/{id} (If-Match), DELETE api/task-line/{id};
 *   GET api/task-line/{id}; PUT api/task-line/uid/{uid}: create once under a client-chosen uid (a tablet's offline line).
 * - GET api/worksheet?search, POST api/worksheet {name}; GET api/work-description?worksheet&search,
 *   POST api/work-description {name, worksheet}; GET api/task-user?search (people of the
 *   company to book lines for). Clients come from GET api/client (already limited).
 */

/** Calendar day YYYY-MM-DD; a full YYYY-MM-DDTHH:mm:ss (spec: sent dates) keeps its day. */
const DAY = /^(\d{4})-(\d{2})-(\d{2})(T\d{2}:\d{2}(:\d{2})?)?$/;

function isRealDay(value: string): boolean {
  const match = DAY.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  if (year < 1900 || year > 2200) return false;
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

export const TaskDay = z
  .string()
  .max(40, { abort: true })
  .refine(isRealDay, { message: "Expected a date YYYY-MM-DD", ...fieldCode("invalid_date") })
  .transform((value) => value.slice(0, 10));

export const Worksheet = z.object({
  id: z.number().int(),
  name: z.string(),
  company: z.number().int(),
});
export type Worksheet = z.infer<typeof Worksheet>;

export const WorkDescription = z.object({
  id: z.number().int(),
  name: z.string(),
  worksheet: z.number().int(),
});
export type WorkDescription = z.infer<typeof WorkDescription>;

export const TaskUser = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
});
export type TaskUser = z.infer<typeof TaskUser>;

export const TaskLine = z.object({
  id: z.number().int(),
  /** Client-chosen id of the creation (PUT api/task-line/uid/{uid}), else the server's. */
  uid: z.string(),
  date: z.string(),
  user: TaskUser,
  worksheet: z.object({ id: z.number().int(), name: z.string() }),
  description: z.object({ id: z.number().int(), name: z.string() }),
  client: z.object({ id: z.number().int(), description: z.string() }).nullable(),
  reference: z.string(),
  tag_number: z.string(),
  time_hours: z.number(),
  reviewed_parts: z.number().int().nullable(),
  right_parts: z.number().int().nullable(),
  reworked_parts: z.number().int().nullable(),
  nok_parts: z.number().int().nullable(),
  observations: z.string(),
  company: z.number().int(),
  version: z.number().int(),
});
export type TaskLine = z.infer<typeof TaskLine>;

const Parts = z.number().int().min(0).max(10_000_000).nullable().default(null);

/** A line as saved: nested objects reduced to their ids (spec section 4). */
export const TaskLineInput = z.object({
  date: TaskDay,
  user: Id,
  /** Omitted: the client uses its pending task; the server requires one. */
  worksheet: Id,
  description: Id,
  client: Id,
  reference: text(120).default(""),
  tag_number: text(120).default(""),
  time_hours: z.number().min(0).max(99_999),
  reviewed_parts: Parts,
  right_parts: Parts,
  reworked_parts: Parts,
  nok_parts: Parts,
  observations: text(2000).default(""),
});
export type TaskLineInput = z.input<typeof TaskLineInput>;

export const NameInput = text(120, { min: 1, minMessage: "Name must not be blank" });

export const WorksheetInput = z.object({ name: NameInput });
export type WorksheetInput = z.input<typeof WorksheetInput>;

export const WorkDescriptionInput = z.object({ name: NameInput, worksheet: Id });
export type WorkDescriptionInput = z.input<typeof WorkDescriptionInput>;

/** The list filters (also the export's). */
export const TaskLineFilters = z.object({
  date_after: TaskDay.optional().describe("First day, inclusive"),
  date_before: TaskDay.optional().describe("Last day, inclusive"),
  user: QueryId.optional().describe("Lines of this user"),
  worksheet: QueryId.optional().describe("Lines of this task"),
  reference: text(120).optional().describe("Lines with exactly this reference"),
});
export type TaskLineFilters = z.infer<typeof TaskLineFilters>;

/** The export: the list filters and the language of its headers (else Accept-Language). */
export const TaskLineExportQuery = TaskLineFilters.extend({
  lang: z.enum(LOCALES).optional().describe("Language of the headers (en, es, pt, mx)"),
});
export type TaskLineExportQuery = z.infer<typeof TaskLineExportQuery>;

export const TASK_PAGE_SIZE = 10;

export const TaskLineListQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(TASK_PAGE_SIZE),
}).extend(TaskLineFilters.shape);
export type TaskLineListQuery = z.infer<typeof TaskLineListQuery>;

/** Most lines one export holds; more is a 400 asking for narrower filters. */
export const EXPORT_MAX_LINES = 20_000;

export const LookupQuery = PagingQuery.extend({
  page_size: z.coerce.number().int().min(1).max(1000).default(50),
  search: text(120).optional().describe("Name contains (case-insensitive)"),
});

export const WorkDescriptionQuery = LookupQuery.extend({
  worksheet: QueryId.optional().describe("Descriptions of this task"),
});
