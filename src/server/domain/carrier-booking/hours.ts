import { DateTime } from "luxon";
import type { OperationType } from "../../../shared/contract/scheduling";
import type { Executor } from "../../db/database";
import { findSchedule } from "../scheduling/repository";
import { offeredHours, slotsOfDay } from "../scheduling/service";
import type { BookingSettings } from "./repository";

/**
 * The hours a carrier may book: the dock's free hours (scheduling: capacity, restricted dates,
 * opening hours, the same rules the forms use) narrowed by the company's lead time and
 * horizon. Hours are YYYY-MM-DDTHH:mm:ss with the yard's offset.
 */

export interface BookingWindow {
  zone: string;
  /** No hour starts before this instant (now + lead time). */
  earliest: Date;
  /** The first and last bookable day on the yard's clock (YYYY-MM-DD). */
  firstDay: string;
  lastDay: string;
}

export async function windowOf(
  db: Executor,
  companyId: number,
  settings: Pick<BookingSettings, "leadMinutes" | "horizonDays">,
  now = new Date(),
): Promise<BookingWindow> {
  const { timeZone: zone } = await findSchedule(db, companyId);
  const earliest = DateTime.fromJSDate(now, { zone }).plus({ minutes: settings.leadMinutes });
  const today = DateTime.fromJSDate(now, { zone }).startOf("day");
  return {
    zone,
    earliest: earliest.toJSDate(),
    firstDay: earliest.toISODate() ?? "",
    lastDay: today.plus({ days: settings.horizonDays }).toISODate() ?? "",
  };
}

/** Why an hour is outside the window (too_soon: past or within the lead time), or null. */
export function windowProblem(window: BookingWindow, start: Date): "too_soon" | "too_far" | null {
  if (start.getTime() < window.earliest.getTime()) return "too_soon";
  const day = DateTime.fromJSDate(start, { zone: window.zone }).toISODate() ?? "";
  return day > window.lastDay ? "too_far" : null;
}

/** The free hours of a day inside the window (none for a day outside it). */
export async function freeHours(
  db: Executor,
  companyId: number,
  window: BookingWindow,
  operation: OperationType,
  day: string,
): Promise<string[]> {
  if (day < window.firstDay || day > window.lastDay) return [];
  const hours = offeredHours(await slotsOfDay(db, companyId, day, operation));
  return hours.filter((hour) => windowProblem(window, new Date(hour)) === null);
}

/** How many alternatives a refused hour is offered, and over how many days around it. */
const ALTERNATIVES = 3;
const SEARCH_DAYS = 7;

/** The free hours nearest to `start` (its day first, then the next days), closest first. */
export async function nearestFreeHours(
  db: Executor,
  companyId: number,
  window: BookingWindow,
  operation: OperationType,
  start: Date,
): Promise<string[]> {
  const first = DateTime.fromJSDate(start, { zone: window.zone }).startOf("day");
  const found: string[] = [];
  for (let offset = 0; offset < SEARCH_DAYS && found.length < ALTERNATIVES; offset++) {
    const day = first.plus({ days: offset }).toISODate() ?? "";
    if (day > window.lastDay) break;
    found.push(...(await freeHours(db, companyId, window, operation, day)));
  }
  const distance = (hour: string) => Math.abs(new Date(hour).getTime() - start.getTime());
  return found.sort((a, b) => distance(a) - distance(b)).slice(0, ALTERNATIVES);
}
