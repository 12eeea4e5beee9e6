import { DateTime } from "luxon";
import {
  AREA_C_WAREHOUSE,
  type Indication,
  type IndicatorArea,
  type IndicatorKey,
  type IndicatorPeriod,
} from "../../../shared/contract/indicators";
import type { Db } from "../../db/database";
import { yardZone } from "../bi/repository";
import { toleranceOf } from "../bi/scorecard-repository";
import { INDICATOR_TYPES, presentIndicator } from "./presenter";
import { type PeriodFigures, periodFigures } from "./repository";

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

export async function indicatorsOf(
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
  const keys = Object.keys(INDICATOR_TYPES) as IndicatorKey[];
  return {
    area,
    period,
    year: bounds.currentFrom.year,
    quarter: period === "T" ? bounds.currentFrom.quarter : null,
    from: bounds.currentFrom.toUTC().toISO() ?? now.toISOString(),
    to: bounds.currentTo.toUTC().toISO() ?? now.toISOString(),
    computed_at: now.toISOString(),
    indicators: keys.map((key) =>
      presentIndicator(
        key,
        current[key as keyof PeriodFigures],
        previous[key as keyof PeriodFigures],
      ),
    ),
  };
}
