import { sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { aggregateRows, type DayRange, type MetricScope, metricSql, rows } from "./repository";

/**
 * SQL of dwell (issue 16): aggregates in PostgreSQL, like the metrics.
 * A line's departure is its truck's first check-out after the line's arrival (the gate), or its
 * loading/discharge time (action_date) when the truck never checked out.
 *
 * Speed: the departure is stored on the line (departure_date, kept by the triggers of
 * migration 0024) and so is the dwell in minutes (dwell_minutes, a generated column of 0027);
 * the arrived lines of a range come from an index of their own that holds it (0018, 0024, 0027:
 * an index-only scan). Looking each line's check-out up at query time cost a year of 333,000
 * arrived lines on 50,000 trucks 1.6-3.6 s, and computing the minutes per line (a numeric cast
 * to float8) most of what was left (issue 30).
 */
const departure = sql`s.departure_date`;
/**
 * Minutes from a line's arrival (alias s) to its departure as stored (float8); null without
 * either. Percentiles sort it.
 */
export const DWELL_MINUTES = sql`s.dwell_minutes`;
/**
 * The same minutes as the exact numeric the stored float8 is cast from: sums and averages
 * add these, so an average is the one it always was, not a float8 sum's rounding.
 */
export const DWELL_MINUTES_EXACT = sql`extract(epoch from s.departure_date - s.arrival_date) / 60`;
const dwellMinutes = DWELL_MINUTES;

export interface DwellDaySqlRow {
  day: string;
  lines: number;
  median: number;
  p90: number;
}

const PERCENTILES = sql`count(*)::int as lines,
  percentile_cont(0.5) within group (order by ${dwellMinutes})::float8 as median,
  percentile_cont(0.9) within group (order by ${dwellMinutes})::float8 as p90`;

/**
 * Median and p90 dwell per arrival day: one index range per yard day (generate_series, as
 * the metrics' perDay), each a few hundred lines sorted in memory, not one sort of the year.
 */
export function dwellPerDay(db: Executor, scope: MetricScope, range: DayRange, type: number) {
  const { lineScope } = metricSql(scope);
  const zone = sql`${scope.zone}::text`;
  return aggregateRows<DwellDaySqlRow>(
    db,
    sql`select to_char(g::date, 'YYYY-MM-DD') as day, d.lines, d.median, d.p90
      from generate_series(${range.start}::date::timestamp, ${range.end}::date::timestamp,
        interval '1 day') g
      cross join lateral (select ${PERCENTILES} from shipments s
        where ${lineScope(type)} and s.dwell_minutes is not null
          and s.arrival_date >= (g at time zone ${zone})
          and s.arrival_date < ((g + interval '1 day') at time zone ${zone})) d
      where d.lines > 0 order by g`,
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

/**
 * Median and p90 dwell per carrier (truck name) or per truck, lines with a truck only.
 * Per carrier, each truck's minutes are gathered first (50,000 trucks, hashed on the id) and
 * only then named: the sort by name is of the trucks, not of a year's 333,000 lines, and each
 * carrier's minutes are sorted on their own for its percentiles. Per truck, the 1,000 trucks
 * shown are chosen by their count first, and only their lines are sorted for the percentiles.
 */
export function dwellPerGroup(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  by: "carrier" | "truck",
) {
  const { lineScope, bounds } = metricSql(scope);
  const lines = sql`${lineScope(type)} and ${bounds(range, sql`s.arrival_date`)}
    and s.shipper_id is not null and s.dwell_minutes is not null`;
  if (by === "carrier") {
    return aggregateRows<DwellGroupSqlRow>(
      db,
      sql`with per_truck as (
          select s.shipper_id, array_agg(s.dwell_minutes) as minutes from shipments s
          where ${lines} group by s.shipper_id
        ), named as (
          select t.name, p.minutes from per_truck p join shippers t on t.id = p.shipper_id
          order by t.name
        )
        select n.name as carrier, null::int as truck_id, null::text as plate,
          count(*)::int as lines,
          percentile_cont(0.5) within group (order by m.value)::float8 as median,
          percentile_cont(0.9) within group (order by m.value)::float8 as p90
        from named n cross join lateral unnest(n.minutes) as m(value)
        group by n.name order by lines desc, carrier limit 1000`,
    );
  }
  return aggregateRows<DwellGroupSqlRow>(
    db,
    sql`with counted as (
        select s.shipper_id, count(*)::int as lines from shipments s where ${lines}
        group by s.shipper_id
      ), shown as (
        select c.shipper_id, c.lines, t.name, t.plate
        from counted c join shippers t on t.id = c.shipper_id
        order by c.lines desc, t.name, t.plate limit 1000
      )
      select shown.name as carrier, shown.shipper_id as truck_id, shown.plate, shown.lines,
        d.median, d.p90
      from shown cross join lateral (select ${PERCENTILES} from shipments s
        where ${lines} and s.shipper_id = shown.shipper_id) d
      order by shown.lines desc, carrier, plate`,
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
