import { DateTime } from "luxon";
import {
  AREA_C_WAREHOUSE,
  type Indication,
  type Indicator,
  type IndicatorArea,
  type IndicatorKey,
  type IndicatorPeriod,
} from "../../../shared/contract/indicators";
import type { Db } from "../../db/database";
import { toleranceOf } from "../bi/yard-times";
import { type PeriodFigures, periodFigures, yardZone } from "./repository";

const TYPES: Record<IndicatorKey, Omit<Indicator["type"], "key">> = {
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
export function indicatorOf(
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
    type: { key, ...TYPES[key] },
    value: value === null ? null : round(value),
    previous: previous === null ? null : round(previous),
    growth,
    grade_growth: grade,
  };
}

/** The current period on the yard's clock at `now` and the one before it. */
export function periodBounds(period: IndicatorPeriod, now: DateTime) {
  const unit = period === "A" ? "year" : "quarter";
  const currentFrom = now.startOf(unit);
  const step = period === "A" ? { years: 1 } : { quarters: 1 };
  return {
    previousFrom: currentFrom.minus(step),
    currentFrom,
    currentTo: currentFrom.plus(step),
  };
}

export async function indicationOf(
  db: Db,
  scope: { companyId: number; clientIds: readonly number[] },
  area: IndicatorArea,
  period: IndicatorPeriod,
  now: Date = new Date(),
): Promise<Indication> {
  const zone = await yardZone(db, scope.companyId);
  const local = DateTime.fromJSDate(now, { zone });
  const bounds = periodBounds(period, local);
  const { current, previous } = await periodFigures(
    db,
    {
      companyId: scope.companyId,
      clientIds: scope.clientIds,
      warehouse: area === "C" ? AREA_C_WAREHOUSE : undefined,
    },
    {
      previousFrom: bounds.previousFrom.toJSDate(),
      currentFrom: bounds.currentFrom.toJSDate(),
      currentTo: bounds.currentTo.toJSDate(),
    },
    await toleranceOf(db, scope.companyId),
  );
  const keys = Object.keys(TYPES) as IndicatorKey[];
  return {
    area,
    period,
    year: bounds.currentFrom.year,
    quarter: period === "T" ? bounds.currentFrom.quarter : null,
    from: bounds.currentFrom.toUTC().toISO() ?? now.toISOString(),
    to: bounds.currentTo.toUTC().toISO() ?? now.toISOString(),
    computed_at: now.toISOString(),
    indicators: keys.map((key) =>
      indicatorOf(key, current[key as keyof PeriodFigures], previous[key as keyof PeriodFigures]),
    ),
  };
}
