import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { type DayRange, type MetricScope, metricSql, rows } from "./repository";

/**
 * SQL of dwell (issue 16): aggregates in PostgreSQL, like the metrics.
 * A line's departure is its truck's first check-out after the line's arrival (the gate), or its
 * loading/discharge time (action_date) when the truck never checked out.
 *
 * Speed (migration 0018): the arrived lines of a range come from an index of their own (an
 * index-only scan, not a read of every line), each check-out lookup is one entry of the trucks'
 * check-out index, and the dwell of each line is computed once in a materialized CTE (inlined,
 * PostgreSQL ran the lookup twice: for "has a dwell" and for the figure). A year of 333,000
 * arrived lines on 50,000 trucks: 4.5 s -> 1.0 s in SQL.
 */
const departure = sql`coalesce(
  (select min(o.created_at) from check_ins o where o.company_id = s.company_id
    and o.shipper_id = s.shipper_id and o.kind = 'out' and o.created_at >= s.arrival_date),
  case when s.action_date >= s.arrival_date then s.action_date end)`;
/** Minutes from a line's arrival (alias s) to its departure; null without either. */
export const DWELL_MINUTES = sql`case when s.arrival_date is not null
  then extract(epoch from ${departure} - s.arrival_date) / 60 end`;
const dwellMinutes = DWELL_MINUTES;

export interface DwellDaySqlRow {
  day: string;
  lines: number;
  median: number;
  p90: number;
}

/** Median and p90 dwell per arrival day. */
export function dwellPerDay(db: Executor, scope: MetricScope, range: DayRange, type: number) {
  const { lineScope, bounds, dateOf } = metricSql(scope);
  return rows<DwellDaySqlRow>(
    db,
    sql`with d as materialized (
        select ${dateOf(sql`s.arrival_date`)} as day, ${dwellMinutes} as minutes
        from shipments s
        where ${lineScope(type)} and ${bounds(range, sql`s.arrival_date`)}
      )
      select to_char(day, 'YYYY-MM-DD') as day, count(*)::int as lines,
        percentile_cont(0.5) within group (order by minutes)::float8 as median,
        percentile_cont(0.9) within group (order by minutes)::float8 as p90
      from d where minutes is not null group by d.day order by d.day`,
  );
}

export interface DwellGroupSqlRow {
  carrier: string;
  truck_id: number | null;
  plate: string | null;
  lines: number;
  median: number;
  p90: number;
}

/** Median and p90 dwell per carrier (truck name) or per truck, lines with a truck only. */
export function dwellPerGroup(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  by: "carrier" | "truck",
) {
  const { lineScope, bounds } = metricSql(scope);
  const truck = by === "truck" ? sql`d.shipper_id` : sql`null::int`;
  const plate = by === "truck" ? sql`t.plate` : sql`null::text`;
  const group = by === "truck" ? sql`t.name, d.shipper_id, t.plate` : sql`t.name`;
  return rows<DwellGroupSqlRow>(
    db,
    sql`with d as materialized (
        select s.shipper_id, ${dwellMinutes} as minutes
        from shipments s
        where ${lineScope(type)} and ${bounds(range, sql`s.arrival_date`)}
          and s.shipper_id is not null
      )
      select t.name as carrier, ${truck} as truck_id, ${plate} as plate,
        count(*)::int as lines,
        percentile_cont(0.5) within group (order by d.minutes)::float8 as median,
        percentile_cont(0.9) within group (order by d.minutes)::float8 as p90
      from d join shippers t on t.id = d.shipper_id
      where d.minutes is not null
      group by ${group} order by lines desc, carrier, plate limit 1000`,
  );
}

export interface DwellLineFilter {
  carrier?: string | undefined;
  truckId?: number | undefined;
}

export interface DwellLineSqlRow {
  id: number;
  type: number;
  code: string;
  client: string | null;
  carrier: string | null;
  truck_id: number | null;
  plate: string | null;
  arrival_date: string | Date;
  departure_date: string | Date;
  minutes: number;
  total: number;
}

/** The lines behind the dwell figures, longest dwell first. */
export function dwellLines(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  filter: DwellLineFilter,
  paging: { limit: number; offset: number },
) {
  const { lineScope, bounds } = metricSql(scope);
  const parts = [lineScope(type), bounds(range, sql`s.arrival_date`)];
  if (filter.carrier !== undefined) parts.push(sql`t.name = ${filter.carrier}`);
  if (filter.truckId !== undefined) parts.push(sql`s.shipper_id = ${filter.truckId}`);
  return rows<DwellLineSqlRow>(
    db,
    sql`with d as materialized (
        select s.id, s.type, s.code, s.client_id, t.name as carrier, t.id as truck_id, t.plate,
          s.arrival_date, ${departure} as departure_date
        from shipments s
        left join shippers t on t.id = s.shipper_id
        where ${sql.join(parts, sql` and `)}
      )
      select d.id, d.type, d.code, c.description as client, d.carrier, d.truck_id, d.plate,
        d.arrival_date, d.departure_date,
        (extract(epoch from d.departure_date - d.arrival_date) / 60)::float8 as minutes,
        count(*) over ()::int as total
      from d left join clients c on c.id = d.client_id
      where d.departure_date is not null
      order by minutes desc, d.id limit ${paging.limit} offset ${paging.offset}`,
  );
}
