import { DateTime } from "luxon";
import type { Executor } from "../../db/database";
import { findSchedule } from "./repository";
import { dayBounds } from "./slots";

/**
 * The yard's today as [from, until), on the dock schedule's clock (the check-in's lines of the
 * day, the trucks a line may take at the gate).
 */
export async function today(db: Executor, companyId: number, now = new Date()) {
  const { timeZone } = await findSchedule(db, companyId);
  const day = DateTime.fromJSDate(now, { zone: timeZone }).toISODate() ?? "";
  return dayBounds(day, timeZone);
}
