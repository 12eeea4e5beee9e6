import { test } from "@playwright/test";
import { DateTime } from "luxon";

/**
 * A far-off day of its own for a journey that fills dock hours (scheduling, booking refusals):
 * journey N gets the block of BLOCK_DAYS starting FIRST_DAY + N * BLOCK_DAYS days ahead, so no
 * two journeys of a run share a day, whatever the order, the workers or the seconds between
 * them (a day drawn from the clock's seconds let two journeys land weeks apart on one weekday:
 * one's weekly series took an hour the other then found full). A retry moves on RETRY_DAYS,
 * another weekday, clear of the first try's lines on the same server. A journey's lines span at
 * most 8 weeks from its day, inside its block with any retry.
 */
const FIRST_DAY = 60;
const BLOCK_DAYS = 70;
const RETRY_DAYS = 8;

export function farDay(journey: number): DateTime {
  const retry = test.info().retry;
  return DateTime.local()
    .startOf("day")
    .plus({ days: FIRST_DAY + journey * BLOCK_DAYS + retry * RETRY_DAYS });
}
