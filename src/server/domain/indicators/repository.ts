import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { DWELL_MINUTES } from "../bi/dwell-repository";
import { aggregateRows } from "../bi/repository";

/** One period's raw figures; null where nothing could be measured. */
export interface PeriodFigures {
  lines_handled: number;
  on_time_rate: number | null;
  incidences: number;
  average_dwell: number | null;
  trucks_served: number;
}

export interface IndicatorScope {
  companyId: number;
  clientIds: readonly number[];
  /** Only lines of this warehouse (area C); undefined: all (area G). */
  warehouse?: string | undefined;
}

/**
 * The figures of the current and the previous period in ONE aggregate over the lines booked in
 * [previousFrom, currentTo): cancelled lines are not handled; on time = arrival no later than
 * the booked time plus the tolerance, among lines that arrived; dwell = arrival to the
 * truck's first check-out after it, else to the loading/discharge time (as BI's dwell).
 */
export async function periodFigures(
  db: Executor,
  scope: IndicatorScope,
  bounds: { previousFrom: Date; currentFrom: Date; currentTo: Date },
  toleranceMinutes: number,
): Promise<{ current: PeriodFigures; previous: PeriodFigures }> {
  const parts: SQL[] = [
    sql`s.company_id = ${scope.companyId}`,
    sql`s.deleted_at is null`,
    sql`s.booked_date >= ${bounds.previousFrom.toISOString()}`,
    sql`s.booked_date < ${bounds.currentTo.toISOString()}`,
  ];
  if (scope.clientIds.length > 0) {
    const ids = sql.join(
      scope.clientIds.map((id) => sql`${id}`),
      sql`, `,
    );
    parts.push(sql`s.client_id in (${ids})`);
  }
  if (scope.warehouse !== undefined) parts.push(sql`s.warehouse = ${scope.warehouse}`);
  const tolerance = `${toleranceMinutes} minutes`;
  // One row, each figure twice (FILTER by period): no GROUP BY, so no sort of every line
  // (count distinct would force one); each distinct count sorts only its truck ids.
  const figuresOf = (name: string, period: SQL) => sql`
      count(*) filter (where ${period} and st.description <> 'cancelled')::int
        as ${sql.raw(`${name}_lines_handled`)},
      count(*) filter (where ${period}
        and s.arrival_date <= s.booked_date + ${tolerance}::interval)::int
        as ${sql.raw(`${name}_on_time`)},
      count(s.arrival_date) filter (where ${period})::int as ${sql.raw(`${name}_arrived`)},
      count(*) filter (where ${period} and st.incidence)::int as ${sql.raw(`${name}_incidences`)},
      (avg(${DWELL_MINUTES}) filter (where ${period}))::float8
        as ${sql.raw(`${name}_average_dwell`)},
      count(distinct s.shipper_id) filter (where ${period})::int
        as ${sql.raw(`${name}_trucks_served`)}`;
  const from = bounds.currentFrom.toISOString();
  const [row] = await aggregateRows<Record<string, number | null>>(
    db,
    sql`select ${figuresOf("current", sql`s.booked_date >= ${from}`)},
      ${figuresOf("previous", sql`s.booked_date < ${from}`)}
    from shipments s join statuses st on st.id = s.status_id
    where ${sql.join(parts, sql` and `)}`,
  );
  const figures = (name: "current" | "previous"): PeriodFigures => {
    const value = (field: string) => row?.[`${name}_${field}`] ?? null;
    const arrived = value("arrived") ?? 0;
    return {
      lines_handled: value("lines_handled") ?? 0,
      on_time_rate: arrived > 0 ? (100 * (value("on_time") ?? 0)) / arrived : null,
      incidences: value("incidences") ?? 0,
      average_dwell: value("average_dwell"),
      trucks_served: value("trucks_served") ?? 0,
    };
  };
  return { current: figures("current"), previous: figures("previous") };
}
