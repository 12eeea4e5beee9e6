import { type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../../db/database";
import { DWELL_MINUTES } from "../metrics/yard-times";

/** One period's raw figures; null where nothing could be measured. */
export interface PeriodFigures {
  lines_handled: number;
  on_time_rate: number | null;
  incidences: number;
  average_dwell: number | null;
  trucks_served: number;
}

export interface IndicationScope {
  companyId: number;
  clientIds: readonly number[];
  /** Only lines of this warehouse (area C); undefined: all (area G). */
  warehouse?: string | undefined;
}

interface Row {
  current: boolean;
  lines_handled: number;
  on_time: number;
  arrived: number;
  incidences: number;
  average_dwell: number | null;
  trucks_served: number;
}

/**
 * The figures of the current and the previous period in ONE aggregate over the lines booked in
 * [previousFrom, currentTo): cancelled lines are not handled; on time = arrival no later than
 * the booked time plus the tolerance, among lines that arrived; dwell = arrival to the
 * truck's first check-out after it, else to the loading/discharge time (as BI's dwell).
 */
export async function periodFigures(
  db: Executor,
  scope: IndicationScope,
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
  const result = await db.execute(sql`
    select s.booked_date >= ${bounds.currentFrom.toISOString()} as current,
      count(*) filter (where st.description <> 'cancelled')::int as lines_handled,
      count(*) filter (where s.arrival_date <= s.booked_date + ${tolerance}::interval)::int as on_time,
      count(s.arrival_date)::int as arrived,
      count(*) filter (where st.incidence)::int as incidences,
      avg(${DWELL_MINUTES})::float8 as average_dwell,
      count(distinct s.shipper_id)::int as trucks_served
    from shipments s join statuses st on st.id = s.status_id
    where ${sql.join(parts, sql` and `)}
    group by 1`);
  const rows = (result as unknown as { rows: Row[] }).rows;
  const figures = (current: boolean): PeriodFigures => {
    const row = rows.find((candidate) => candidate.current === current);
    return {
      lines_handled: row?.lines_handled ?? 0,
      on_time_rate: row && row.arrived > 0 ? (100 * row.on_time) / row.arrived : null,
      incidences: row?.incidences ?? 0,
      average_dwell: row?.average_dwell ?? null,
      trucks_served: row?.trucks_served ?? 0,
    };
  };
  return { current: figures(true), previous: figures(false) };
}

/** The yard's time zone (the dock schedule's; UTC without one). */
export async function yardZone(db: Executor, companyId: number): Promise<string> {
  const result = await db.execute(
    sql`select time_zone from dock_schedules where company_id = ${companyId}`,
  );
  const [row] = (result as unknown as { rows: { time_zone: string }[] }).rows;
  return row?.time_zone ?? "UTC";
}
