import { z } from "zod";
import { IsoDateTime } from "./fields";

/**
 * Indicators (spec sections 2, 3 and 7; issue 16): GET api/indication with the headers area
 * (G general, C area C) and period (A annual, T quarterly), computed from our own lines.
 *
 * - Annual: this calendar year against last year; quarterly: this quarter against the one
 *   before. Whole periods on the yard's clock (the dock schedule's time zone), by booked date.
 * - Area C: the lines of the central warehouse, AREA_C_WAREHOUSE ("W1"), the one the demo
 *   yards and the kiosk walls watch. G: every line of the company.
 * - growth = value - previous; grade_growth = growth in percent of previous (null when the
 *   previous period has no figure). higher_is_better says which way is good, so the tile
 *   colours the arrow green when the figure moved the good way (incidences and dwell down).
 */
export const INDICATOR_AREAS = ["G", "C"] as const;
export type IndicatorArea = (typeof INDICATOR_AREAS)[number];
export const INDICATOR_PERIODS = ["A", "T"] as const;
export type IndicatorPeriod = (typeof INDICATOR_PERIODS)[number];

export const AREA_C_WAREHOUSE = "W1";

export const INDICATOR_KEYS = [
  "lines_handled",
  "on_time_rate",
  "incidences",
  "average_dwell",
  "trucks_served",
] as const;
export type IndicatorKey = (typeof INDICATOR_KEYS)[number];

export const IndicationHeaders = z.object({
  area: z.enum(INDICATOR_AREAS).default("G").describe("G general, C area C (warehouse W1)"),
  period: z.enum(INDICATOR_PERIODS).default("A").describe("A annual, T quarterly"),
});

export const Indicator = z.object({
  type: z.object({
    key: z.enum(INDICATOR_KEYS),
    description: z.string(),
    icon: z.string(),
    unit: z.enum(["count", "percent", "minutes"]),
    higher_is_better: z.boolean(),
  }),
  value: z.number().nullable(),
  previous: z.number().nullable(),
  growth: z.number().nullable(),
  grade_growth: z.number().nullable(),
});
export type Indicator = z.infer<typeof Indicator>;

export const Indication = z.object({
  area: z.enum(INDICATOR_AREAS),
  period: z.enum(INDICATOR_PERIODS),
  year: z.number().int(),
  /** 1..4 for quarterly figures, null for annual ones. */
  quarter: z.number().int().min(1).max(4).nullable(),
  from: IsoDateTime,
  to: IsoDateTime,
  computed_at: IsoDateTime,
  indicators: z.array(Indicator),
});
export type Indication = z.infer<typeof Indication>;
