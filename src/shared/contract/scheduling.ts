import { z } from "zod";
import { fieldCode, Id, isSaneDate } from "./fields";
import { listOf, PagingQuery } from "./paging";
import { ExpeditionCreate, ReceptionCreate } from "./shipments-write";

/**
 * Dock scheduling (issue 12): hour slots with a capacity per company and operation, restricted
 * dates (lockdowns), repeated (RRULE) creation. Hours are the yard's wall clock in the
 * schedule's IANA time zone; the slots of a day are 06:00 to 21:00 (16 hour slots, spec
 * section 9), narrowed by the company's opening hours.
 */

export const FIRST_SLOT_HOUR = 6;
export const LAST_SLOT_HOUR = 21;
/** 06:00 ... 21:00: the spec's 16 slots. */
export const SLOT_HOURS: readonly number[] = Array.from(
  { length: LAST_SLOT_HOUR - FIRST_SLOT_HOUR + 1 },
  (_, i) => FIRST_SLOT_HOUR + i,
);

/** unload = receptions, load = expeditions (spec: operation_type unload on receptions). */
export const OPERATION_TYPES = ["load", "unload"] as const;
export type OperationType = (typeof OPERATION_TYPES)[number];

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;
/** A calendar day, YYYY-MM-DD. */
export const Day = z
  .string()
  .max(10, { abort: true })
  .refine((value) => DAY_FORMAT.test(value) && isSaneDate(value), {
    message: "Expected a date YYYY-MM-DD",
    ...fieldCode("invalid_date"),
  });

export const AvailableDatesQuery = z.object({
  date: Day,
  operation_type: z.enum(OPERATION_TYPES).default("unload"),
});
export type AvailableDatesQuery = z.infer<typeof AvailableDatesQuery>;

/**
 * GET api/available-dates: the hour slots of that day still bookable, each as
 * YYYY-MM-DDTHH:mm:ss with the yard's offset (e.g. 2026-11-25T06:00:00+01:00), in order.
 */
export const AvailableDates = z.array(z.string());

/** GET api/available-dates/day: every slot of the day with its load (the day board). */
export const DaySlot = z.object({
  /** YYYY-MM-DDTHH:mm:ss with the yard's offset. */
  start: z.string(),
  hour: z.number().int(),
  /** Lines booked in this hour for the operation. */
  booked: z.number().int().min(0),
  /** Lines per hour, null when the company sets no limit. */
  capacity: z.number().int().min(0).nullable(),
  open: z.boolean(),
});
export const DaySlotsQuery = AvailableDatesQuery;
export const DaySlots = z.object({
  date: z.string(),
  restricted: z.boolean(),
  time_zone: z.string(),
  slots: z.array(DaySlot),
});
export type DaySlots = z.infer<typeof DaySlots>;

/** The company's dock schedule (GET/PUT api/dock-schedule; PUT needs the admin role). */
export const DockSchedule = z
  .object({
    /** IANA zone of the yard's clock, e.g. Europe/Madrid. */
    time_zone: z.string().min(1).max(64),
    /** First bookable hour, 6..21. */
    opens_at: z.number().int().min(FIRST_SLOT_HOUR).max(LAST_SLOT_HOUR),
    /** Last bookable hour (its slot included), opens_at..21. */
    closes_at: z.number().int().min(FIRST_SLOT_HOUR).max(LAST_SLOT_HOUR),
    /** Lines per hour slot; null = no limit (load: only with limit_expeditions). */
    load_per_hour: z.number().int().min(0).max(1000).nullable(),
    unload_per_hour: z.number().int().min(0).max(1000).nullable(),
    /**
     * Expeditions respect load_per_hour (issue 25). Off by default: the spec binds only
     * receptions to the dock's hours, restricted dates and capacity.
     */
    limit_expeditions: z.boolean().default(false),
  })
  .refine((value) => value.closes_at >= value.opens_at, {
    path: ["closes_at"],
    message: "Must not be before the opening hour",
    ...fieldCode("too_small"),
  });
export type DockSchedule = z.infer<typeof DockSchedule>;

/** Restricted dates (lockdowns): api/restricted-date. */
export const RestrictedDate = z.object({
  id: Id,
  date: z.string().describe("YYYY-MM-DD"),
});
export type RestrictedDate = z.infer<typeof RestrictedDate>;
export const RestrictedDateList = listOf(RestrictedDate);
export const RestrictedDateCreate = z.object({ date: Day });
export const RestrictedDateQuery = PagingQuery.extend({
  page_size: PagingQuery.shape.page_size.removeDefault().default(10),
});

/** RFC 5545 rule text (RRULE:... or FREQ=...), expanded from booked_date (shared/recurrence.ts). */
export const RruleText = z.string().min(1).max(500);

/** PUT api/{expedition|reception}/series/{uid}: the create body plus the rule. */
export const ExpeditionSeries = ExpeditionCreate.extend({ rrule_str: RruleText });
export const ReceptionSeries = ReceptionCreate.extend({ rrule_str: RruleText });

/** One occurrence of a repeated save that was not created, and why. */
export const NotCreated = z.object({
  booked_date: z.string(),
  code: z.enum(["slot_full", "restricted_date", "outside_hours", "invalid"]),
});
export type NotCreated = z.infer<typeof NotCreated>;

/** The answer of PUT api/{expedition|reception}/series/{uid}. */
export function seriesResultOf<T extends z.ZodType>(line: T) {
  return z.object({
    created: z.array(line),
    not_created: z.array(NotCreated),
  });
}
