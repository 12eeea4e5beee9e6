import { z } from "zod";
import { DateTimeBound, fieldCode, IsoDateTime, QueryId, text } from "./fields";
import { MAX_PAGE_SIZE } from "./paging";

/**
 * BI metrics (spec sections 3, 7 and 9; issue 16): figures per day or per incidence reason,
 * computed by SQL aggregates over the company's lines and trucks. Days are the yard's calendar
 * days (the dock schedule's time zone, UTC when none), so a truck at 23:30 local time counts
 * on its local day.
 */
export const METRICS = ["trucks", "lines", "incidences"] as const;
export type Metric = (typeof METRICS)[number];

/** 0 both, 1 expeditions, 2 receptions (the spec's "type"). */
export const METRIC_TYPES = [0, 1, 2] as const;
export type MetricType = (typeof METRIC_TYPES)[number];

/** Longest range one request may cover (a few years): longer is a 400. */
export const MAX_METRIC_DAYS = 1200;

const DAY_FORMAT = /^\d{4}-\d{2}-\d{2}$/;

/** A calendar day, YYYY-MM-DD, within the shared date limits. */
export const IsoDay = DateTimeBound.refine((value) => DAY_FORMAT.test(value), {
  message: "Expected YYYY-MM-DD",
  ...fieldCode("invalid_date"),
});

const dayNumber = (day: string) => Date.parse(`${day}T00:00:00Z`) / 86_400_000;

const MetricsRange = z.object({
  date_start: IsoDay.describe("First day, YYYY-MM-DD (the yard's calendar)"),
  date_end: IsoDay.describe("Last day, inclusive"),
  type: z.coerce
    .number()
    .int()
    .refine((value) => (METRIC_TYPES as readonly number[]).includes(value), {
      message: "Expected 0, 1 or 2",
      ...fieldCode("invalid_choice"),
    })
    .default(0)
    .describe("0 both, 1 expeditions, 2 receptions (ignored by trucks)"),
});

function checkSpan(query: { date_start: string; date_end: string }, context: z.RefinementCtx) {
  const span = dayNumber(query.date_end) - dayNumber(query.date_start);
  if (span < 0 || span >= MAX_METRIC_DAYS) {
    context.addIssue({
      code: "custom",
      path: ["date_end"],
      message: `date_end must be on or after date_start, at most ${MAX_METRIC_DAYS} days on`,
      ...fieldCode("invalid_date"),
    });
  }
}

export const MetricsQuery = MetricsRange.superRefine(checkSpan);
export type MetricsQuery = z.infer<typeof MetricsQuery>;

export const TruckMetricRow = z.object({ register_date: z.string(), value: z.number().int() });
export type TruckMetricRow = z.infer<typeof TruckMetricRow>;

export const LineMetricRow = z.object({ booked_date: z.string(), value: z.number().int() });
export type LineMetricRow = z.infer<typeof LineMetricRow>;

export const MetricStatus = z.object({
  id: z.number().int(),
  description: z.string(),
  color: z.string(),
});
export const MetricReason = z.object({ code: z.string(), name: z.string() }).nullable();

export const IncidenceMetricRow = z.object({
  status: MetricStatus,
  reason: MetricReason,
  value: z.number().int(),
});
export type IncidenceMetricRow = z.infer<typeof IncidenceMetricRow>;

/**
 * Machines and task users come from the task list: hours (time_hours) summed per task and per
 * user over the lines whose working day is in the range. The task list has no machine of its
 * own: each task (worksheet) is the work station or machine the hours went to, so `machinery`
 * is the task's name and `worksheet_id` its id. Most hours first.
 */
export const MachineMetricRow = z.object({
  machinery: z.string(),
  worksheet_id: z.number().int(),
  value: z.number(),
});
export type MachineMetricRow = z.infer<typeof MachineMetricRow>;
export const TaskUserMetricRow = z.object({
  user: z.string(),
  user_id: z.number().int(),
  value: z.number(),
});
export type TaskUserMetricRow = z.infer<typeof TaskUserMetricRow>;

const DetailPaging = z.object({
  page: z.coerce.number().int().min(1).max(1_000_000).default(1),
  page_size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(MAX_PAGE_SIZE),
});

/** Detail of one bar or slice: the lines, trucks or incidences behind it. */
export const DayDetailQuery = z.object({
  date_start: IsoDay,
  date_end: IsoDay,
  type: MetricsQuery.shape.type,
  ...DetailPaging.shape,
});
export type DayDetailQuery = z.infer<typeof DayDetailQuery>;

/** The "none" reason code selects incidences without a reason. */
export const NO_REASON = "none";

export const IncidenceDetailQuery = DayDetailQuery.extend({
  status: QueryId.optional().describe("Only this incidence status"),
  reason: text(100).optional().describe(`Only this reason code ("${NO_REASON}": no reason)`),
});
export type IncidenceDetailQuery = z.infer<typeof IncidenceDetailQuery>;

export const LineDetail = z.object({
  id: z.number().int(),
  type: z.number().int(),
  code: z.string(),
  booked_date: IsoDateTime,
  client: z.string().nullable(),
  truck: z.string().nullable(),
  status: MetricStatus,
  reason: MetricReason,
});
export type LineDetail = z.infer<typeof LineDetail>;

export const TruckDetail = z.object({
  id: z.number().int(),
  name: z.string(),
  plate: z.string(),
  register_date: IsoDateTime,
});
export type TruckDetail = z.infer<typeof TruckDetail>;

/** Spec section 3: shipment {id, code}, status, reason, created (when it became an incidence). */
export const IncidenceDetail = z.object({
  shipment: z.object({ id: z.number().int(), code: z.string(), type: z.number().int() }),
  status: MetricStatus,
  reason: MetricReason,
  created: IsoDateTime,
});
export type IncidenceDetail = z.infer<typeof IncidenceDetail>;

/**
 * Dwell and turn time per arrival day (issue 16, beyond the spec): from a line's check-in
 * arrival to its truck's first check-out after it, or, without a check-out, to the line's
 * loading or discharge time (action_date); median and 90th percentile in minutes.
 */
export const DwellRow = z.object({
  arrival_date: z.string(),
  lines: z.number().int(),
  median_minutes: z.number(),
  p90_minutes: z.number(),
});
export type DwellRow = z.infer<typeof DwellRow>;

export const DWELL_GROUPS = ["carrier", "truck"] as const;
export type DwellGroup = (typeof DWELL_GROUPS)[number];

export const DwellGroupQuery = MetricsRange.extend({
  by: z
    .enum(DWELL_GROUPS)
    .default("carrier")
    .describe("carrier: per truck name (as the scorecard); truck: per truck (plate)"),
}).superRefine(checkSpan);
export type DwellGroupQuery = z.infer<typeof DwellGroupQuery>;

/**
 * Dwell per carrier or per truck over the lines that arrived in the range (as api/metrics/dwell;
 * lines without a truck are left out here). truck is null when grouped by carrier.
 */
export const DwellGroupRow = z.object({
  carrier: z.string(),
  truck: z.object({ id: z.number().int(), plate: z.string() }).nullable(),
  lines: z.number().int(),
  median_minutes: z.number(),
  p90_minutes: z.number(),
});
export type DwellGroupRow = z.infer<typeof DwellGroupRow>;

export const DwellLineQuery = MetricsRange.extend({
  carrier: text(200).optional().describe("Only the lines of trucks with this name"),
  truck: QueryId.optional().describe("Only the lines of this truck (id)"),
  ...DetailPaging.shape,
}).superRefine(checkSpan);
export type DwellLineQuery = z.infer<typeof DwellLineQuery>;

/** One line's dwell: arrival, departure (its truck's check-out or its action time), minutes. */
export const DwellLine = z.object({
  id: z.number().int(),
  type: z.number().int(),
  code: z.string(),
  client: z.string().nullable(),
  carrier: z.string().nullable(),
  truck: z.object({ id: z.number().int(), plate: z.string() }).nullable(),
  arrival_date: IsoDateTime,
  departure_date: IsoDateTime,
  dwell_minutes: z.number(),
});
export type DwellLine = z.infer<typeof DwellLine>;

/** Carrier on-time scorecard (issue 16): per truck name, over the lines booked in the range. */
export const ScorecardRow = z.object({
  carrier: z.string(),
  lines: z.number().int(),
  arrivals: z.number().int(),
  on_time: z.number().int(),
  /** Percent of arrivals within the tolerance of the booked time; null without arrivals. */
  on_time_rate: z.number().nullable(),
  incidences: z.number().int(),
  median_dwell_minutes: z.number().nullable(),
});
export type ScorecardRow = z.infer<typeof ScorecardRow>;

export const Scorecard = z.object({
  tolerance_minutes: z.number().int(),
  results: z.array(ScorecardRow),
});
export type Scorecard = z.infer<typeof Scorecard>;

export const MAX_TOLERANCE_MINUTES = 240;
export const DEFAULT_TOLERANCE_MINUTES = 15;

/** The company's metric settings: the on-time tolerance (minutes after the booked time). */
export const MetricSettings = z.object({
  on_time_tolerance_minutes: z.number().int().min(0).max(MAX_TOLERANCE_MINUTES),
});
export type MetricSettings = z.infer<typeof MetricSettings>;
