import { z } from "zod";
import { searchDay, searchPage } from "../../ui/list/search-fields";

const id = z.coerce
  .number()
  .int()
  .positive()
  .max(2_147_483_647)
  .optional()
  .catch(() => undefined);

const label = z.coerce
  .string()
  .trim()
  .max(120)
  .optional()
  .catch(() => undefined);

/**
 * Search params of /task-list/: days, user and task (id plus the name the filter shows), the
 * page, and `shipment`: a shipment line's id, whose code (delivery note) filters the lines by
 * reference and is preset as the reference of a new line (the spec reads the parameter
 * without saying what it does; this is our reading, documented in the feature README).
 */
export const TaskListSearch = z.object({
  page: searchPage,
  date_after: searchDay,
  date_before: searchDay,
  user: id,
  user_name: label,
  worksheet: id,
  worksheet_name: label,
  shipment: id,
});
export type TaskListSearch = z.output<typeof TaskListSearch>;
