import { type SQL, sql } from "drizzle-orm";
import { DateTime } from "luxon";
import type { Executor } from "../../db/database";

/**
 * SQL of the BI metrics (issue 16): every figure is an aggregate PostgreSQL computes over the
 * company's rows; nothing is loaded into Node but the answer. Days are the yard's calendar
 * days: the dock schedule's time zone (UTC without one), read once per request (scope.ts).
 * The range's bounds are instants computed here, so the planner sees them: a bound computed in
 * SQL from a subquery (the zone) hid the range from the row estimate, and at a million lines
 * the plans it chose sorted on disk (issue 30).
 */
export interface MetricScope {
  companyId: number;
  /** Clients the user is limited to; empty: all. */
  clientIds: readonly number[];
  /** The yard's IANA time zone (validated when the dock schedule is saved). */
  zone: string;
}

export interface DayRange {
  /** YYYY-MM-DD, inclusive. */
  start: string;
  end: string;
}

/** The rows of a raw aggregate query (BI's SQL is written by hand). */
export async function rows<T>(db: Executor, query: SQL): Promise<T[]> {
  const result = await db.execute(query);
  return (result as unknown as { rows: T[] }).rows;
}

/**
 * The rows of a BI aggregate over up to a year of lines: sorts of hundreds of thousands of
 * rows (percentiles, distinct trucks) get room in memory instead of spilling to disk at the
 * default work_mem, and no JIT compilation, which cost more than it saved at this size
 * (issue 30, a million lines). SET LOCAL: the settings end with the transaction.
 */
export function aggregateRows<T>(db: Executor, query: SQL): Promise<T[]> {
  return db.transaction(async (tx) => {
    await tx.execute(
      sql`select set_config('work_mem', '64MB', true), set_config('jit', 'off', true)`,
    );
    return rows<T>(tx, query);
  });
}

/** The yard's time zone (the dock schedule's; UTC without one). */
export async function yardZone(db: Executor, companyId: number): Promise<string> {
  const found = await rows<{ time_zone: string }>(
    db,
    sql`select time_zone from dock_schedules where company_id = ${companyId}`,
  );
  return found[0]?.time_zone ?? "UTC";
}

/** The range as instants on the yard's clock: [start 00:00, end+1 00:00), ISO strings. */
export function rangeInstants(zone: string, range: DayRange): { from: string; to: string } {
  const day = (value: string) => DateTime.fromISO(value, { zone }).startOf("day");
  const iso = (value: DateTime) => value.toUTC().toISO() ?? "";
  return { from: iso(day(range.start)), to: iso(day(range.end).plus({ days: 1 })) };
}

function bounds(scope: MetricScope, range: DayRange, column: SQL): SQL {
  const { from, to } = rangeInstants(scope.zone, range);
  return sql`${column} >= ${from}::timestamptz and ${column} < ${to}::timestamptz`;
}

/** The yard's calendar day of an instant, as a date (group on it, format afterwards). */
const dateOf = (scope: MetricScope, column: SQL) =>
  sql`(${column} at time zone ${scope.zone}::text)::date`;

const dayOf = (scope: MetricScope, column: SQL) =>
  sql`to_char(${dateOf(scope, column)}, 'YYYY-MM-DD')`;

function idList(ids: readonly number[]): SQL {
  return sql.join(
    ids.map((id) => sql`${id}`),
    sql`, `,
  );
}

/** Live lines of the company, of one type (0: both), limited to the user's clients. */
function lineScope(scope: MetricScope, type: number): SQL {
  const parts = [sql`s.company_id = ${scope.companyId}`, sql`s.deleted_at is null`];
  if (type !== 0) parts.push(sql`s.type = ${type}`);
  if (scope.clientIds.length > 0) parts.push(sql`s.client_id in (${idList(scope.clientIds)})`);
  return sql.join(parts, sql` and `);
}

/**
 * Trucks of the company registered in the range; a client user counts only the trucks that
 * carry a live line of one of their clients.
 */
function truckOwner(scope: MetricScope): SQL {
  const parts = [sql`t.company_id = ${scope.companyId}`];
  if (scope.clientIds.length > 0) {
    parts.push(sql`exists (select 1 from shipments s where s.shipper_id = t.id
      and s.deleted_at is null and s.client_id in (${idList(scope.clientIds)}))`);
  }
  return sql.join(parts, sql` and `);
}

function truckScope(scope: MetricScope, range: DayRange): SQL {
  return sql`${truckOwner(scope)} and ${bounds(scope, range, sql`t.register_date`)}`;
}

/**
 * Counts per yard day: one index range count per day of the range (generate_series), not a
 * sort of every row by its day (PostgreSQL cannot tell how few days a year of rows holds, and
 * sorted a million of them: 2 s against 0.6 s for a year of a million lines).
 */
function perDay(scope: MetricScope, range: DayRange, from: SQL, column: SQL, where: SQL): SQL {
  const zone = sql`${scope.zone}::text`;
  return sql`select to_char(g::date, 'YYYY-MM-DD') as day, c.value
    from generate_series(${range.start}::date::timestamp, ${range.end}::date::timestamp,
      interval '1 day') g
    cross join lateral (select count(*)::int as value from ${from} where ${where}
      and ${column} >= (g at time zone ${zone})
      and ${column} < ((g + interval '1 day') at time zone ${zone})) c
    where c.value > 0 order by g`;
}

export function truckCounts(db: Executor, scope: MetricScope, range: DayRange) {
  return rows<{ day: string; value: number }>(
    db,
    perDay(scope, range, sql`shippers t`, sql`t.register_date`, truckOwner(scope)),
  );
}

export function lineCounts(db: Executor, scope: MetricScope, range: DayRange, type: number) {
  return rows<{ day: string; value: number }>(
    db,
    perDay(scope, range, sql`shipments s`, sql`s.booked_date`, lineScope(scope, type)),
  );
}

export interface IncidenceCount {
  status_id: number;
  status_description: string;
  status_color: string;
  reason_code: string | null;
  reason_name: string | null;
  value: number;
}

/**
 * The incidence statuses as an array the planner knows before it plans the scan: an index
 * condition (status_id = any(...)) on the (company, status, booked date) index, not a join.
 */
export const INCIDENCE_STATUS = sql`s.status_id = any(array(select id from statuses where incidence))`;

/**
 * Lines booked in the range whose status is an incidence, by status and reason. Counted on
 * the ids alone from the (company, status, booked date) index with type, client and reason in
 * it (migration 0017: an index-only scan of the incidences, not a heap visit of every line of
 * the range), then named: a year of 1,000,000 lines 745 ms -> 145 ms in SQL.
 */
export function incidenceCounts(db: Executor, scope: MetricScope, range: DayRange, type: number) {
  return rows<IncidenceCount>(
    db,
    sql`with c as (
        select s.status_id, s.reason_id, count(*)::int as value
        from shipments s
        where ${lineScope(scope, type)} and ${INCIDENCE_STATUS}
          and ${bounds(scope, range, sql`s.booked_date`)}
        group by s.status_id, s.reason_id
      )
      select st.id as status_id, st.description as status_description,
        st.color as status_color, r.code as reason_code, r.name as reason_name,
        sum(c.value)::int as value
      from c
      join statuses st on st.id = c.status_id
      left join reasons r on r.id = c.reason_id
      group by st.id, st.description, st.color, r.code, r.name
      order by value desc, st.id, r.code nulls last`,
  );
}

interface Paging {
  limit: number;
  offset: number;
}

export interface LineDetailRow {
  id: number;
  type: number;
  code: string;
  booked_date: string | Date;
  client: string | null;
  truck: string | null;
  status_id: number;
  status_description: string;
  status_color: string;
  reason_code: string | null;
  reason_name: string | null;
  total: number;
}

const DETAIL_COLUMNS = sql`s.id, s.type, s.code, s.booked_date, c.description as client,
  t.name as truck, st.id as status_id, st.description as status_description,
  st.color as status_color, r.code as reason_code, r.name as reason_name,
  count(*) over ()::int as total`;

const DETAIL_JOINS = sql`join statuses st on st.id = s.status_id
  left join reasons r on r.id = s.reason_id
  left join clients c on c.id = s.client_id
  left join shippers t on t.id = s.shipper_id`;

export function lineDetails(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  paging: Paging,
) {
  return rows<LineDetailRow>(
    db,
    sql`select ${DETAIL_COLUMNS} from shipments s ${DETAIL_JOINS}
      where ${lineScope(scope, type)} and ${bounds(scope, range, sql`s.booked_date`)}
      order by s.booked_date, s.id limit ${paging.limit} offset ${paging.offset}`,
  );
}

export interface IncidenceFilter {
  statusId?: number | undefined;
  /** A reason code, or null for incidences without a reason; undefined: any. */
  reasonCode?: string | null | undefined;
}

export interface IncidenceDetailRow extends LineDetailRow {
  created: string | Date;
}

/** When the line entered its current status: its latest history entry there, else its update. */
export function incidenceDetails(
  db: Executor,
  scope: MetricScope,
  range: DayRange,
  type: number,
  filter: IncidenceFilter,
  paging: Paging,
) {
  const parts = [INCIDENCE_STATUS];
  if (filter.statusId !== undefined) parts.push(sql`s.status_id = ${filter.statusId}`);
  if (filter.reasonCode === null) parts.push(sql`r.code is null`);
  else if (filter.reasonCode !== undefined) parts.push(sql`r.code = ${filter.reasonCode}`);
  return rows<IncidenceDetailRow>(
    db,
    sql`select ${DETAIL_COLUMNS},
        coalesce((select max(h.created) from shipment_history h
          where h.shipment_id = s.id and h.status_id = s.status_id), s.updated_at) as created
      from shipments s ${DETAIL_JOINS}
      where ${lineScope(scope, type)} and ${bounds(scope, range, sql`s.booked_date`)}
        and ${sql.join(parts, sql` and `)}
      order by s.booked_date, s.id limit ${paging.limit} offset ${paging.offset}`,
  );
}

export interface TruckDetailRow {
  id: number;
  name: string;
  plate: string;
  register_date: string | Date;
  total: number;
}

export function truckDetails(db: Executor, scope: MetricScope, range: DayRange, paging: Paging) {
  return rows<TruckDetailRow>(
    db,
    sql`select t.id, t.name, t.plate, t.register_date, count(*) over ()::int as total
      from shippers t where ${truckScope(scope, range)}
      order by t.register_date, t.id limit ${paging.limit} offset ${paging.offset}`,
  );
}

/** The scope and day helpers, for the other metric queries (dwell-, scorecard-repository.ts). */
export function metricSql(scope: MetricScope) {
  return {
    lineScope: (type: number) => lineScope(scope, type),
    bounds: (range: DayRange, column: SQL) => bounds(scope, range, column),
    dayOf: (column: SQL) => dayOf(scope, column),
    dateOf: (column: SQL) => dateOf(scope, column),
  };
}
