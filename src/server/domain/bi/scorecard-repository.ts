import { sql } from "drizzle-orm";
import { DEFAULT_TOLERANCE_MINUTES } from "../../../shared/contract/bi";
import type { Executor } from "../../db/database";
import { settings } from "../../db/schema/settings";
import { DWELL_MINUTES } from "./dwell-repository";
import {
  aggregateRows,
  type DayRange,
  INCIDENCE_STATUS,
  type MetricScope,
  metricSql,
  rows,
} from "./repository";

/**
 * SQL of the carrier scorecard (issue 16): per truck name over the lines booked in the range,
 * arrivals on time within the company's tolerance (settings table), incidences and median
 * dwell (dwell-repository.ts).
 */
export interface ScorecardSqlRow {
  carrier: string;
  lines: number;
  arrivals: number;
  on_time: number;
  incidences: number;
  median_dwell: number | null;
}

export function scorecard(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  toleranceMinutes: number,
) {
  const { lineScope, bounds } = metricSql(scope);
  const tolerance = `${toleranceMinutes} minutes`;
  // s.shipper_id is not null (the join implies it) lets the scan use the partial index of the
  // lines with a truck (migrations 0024, 0027), read alone (index-only), not every line of the
  // year. The median sorts the stored minutes (0027) and incidences match status ids, where a
  // numeric cast per line and a join of every line to its status cost a year of 333,000 lines
  // with a truck about half its time (issue 30).
  return aggregateRows<ScorecardSqlRow>(
    db,
    sql`select t.name as carrier, count(*)::int as lines,
        count(s.arrival_date)::int as arrivals,
        count(*) filter (where s.arrival_date <= s.booked_date + ${tolerance}::interval)::int
          as on_time,
        count(*) filter (where ${INCIDENCE_STATUS})::int as incidences,
        (percentile_cont(0.5) within group (order by ${DWELL_MINUTES}))::float8 as median_dwell
      from shipments s
      join shippers t on t.id = s.shipper_id
      where ${lineScope(type)} and ${bounds(range, sql`s.booked_date`)}
        and s.shipper_id is not null
      group by t.name order by lines desc, carrier limit 1000`,
  );
}

const toleranceKey = (companyId: number) => `on_time_tolerance_minutes:${companyId}`;

/** The company's on-time tolerance (settings table; DEFAULT_TOLERANCE_MINUTES when unset). */
export async function toleranceOf(db: Executor, companyId: number): Promise<number> {
  const found = await rows<{ value: string }>(
    db,
    sql`select value from ${settings} where key = ${toleranceKey(companyId)}`,
  );
  const value = Number(found[0]?.value);
  return Number.isInteger(value) && value >= 0 ? value : DEFAULT_TOLERANCE_MINUTES;
}

export async function setTolerance(db: Executor, companyId: number, minutes: number) {
  await db
    .insert(settings)
    .values({ key: toleranceKey(companyId), value: String(minutes) })
    .onConflictDoUpdate({
      target: settings.key,
      set: { value: String(minutes), updatedAt: new Date(), version: sql`${settings.version} + 1` },
    });
}
