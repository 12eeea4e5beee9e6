import type { Indicator, IndicatorKey } from "../../../shared/contract/indicators";

/** The indicator tiles (api/indication): each key's description, icon and unit, and its figures. */
export const INDICATOR_TYPES: Record<IndicatorKey, Omit<Indicator["type"], "key">> = {
  lines_handled: {
    description: "lines_handled",
    icon: "lines",
    unit: "count",
    higher_is_better: true,
  },
  on_time_rate: {
    description: "on_time_rate",
    icon: "clock",
    unit: "percent",
    higher_is_better: true,
  },
  incidences: {
    description: "incidences",
    icon: "warning",
    unit: "count",
    higher_is_better: false,
  },
  average_dwell: {
    description: "average_dwell",
    icon: "hourglass",
    unit: "minutes",
    higher_is_better: false,
  },
  trucks_served: {
    description: "trucks_served",
    icon: "truck",
    unit: "count",
    higher_is_better: true,
  },
};

const round = (value: number) => Math.round(value * 10) / 10;

/** A tile: value, previous value, growth and growth in percent (null without a base). */
export function presentIndicator(
  key: IndicatorKey,
  value: number | null,
  previous: number | null,
): Indicator {
  const growth = value !== null && previous !== null ? round(value - previous) : null;
  const grade =
    growth !== null && previous !== null && previous !== 0
      ? round((100 * growth) / previous)
      : null;
  return {
    type: { key, ...INDICATOR_TYPES[key] },
    value: value === null ? null : round(value),
    previous: previous === null ? null : round(previous),
    growth,
    grade_growth: grade,
  };
}
