import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../test/harness";
import { loadVariedCompanies, type VariedCompany } from "../../test/varied-yard";
import { dwellPerDay, dwellPerGroup } from "./dwell-repository";
import { aggregateRows, type DayRange, type MetricScope, metricSql } from "./repository";
import { scorecard } from "./scorecard-repository";

/**
 * The year-long BI queries rewritten for a million lines (issue 30), and those reading the
 * stored dwell minutes (migration 0027), answer exactly what the SQL they replaced answered (kept below as the reference), on a seeded varied yard in two
 * companies: shared and renamed carrier names, lines without arrival, truck, client or
 * departure, deleted and cancelled lines, incidences, a client user's scope, both types and
 * each, several tolerances, UTC and Madrid days.
 */
let t: TestApp;
let companies: VariedCompany[] = [];
const RANGE: DayRange = { start: "2033-01-01", end: "2033-03-31" };

const DWELL = sql`extract(epoch from s.departure_date - s.arrival_date) / 60`;

/** Dwell per carrier before issue 30's rewrite: one sort of every line by the truck name. */
function referenceDwellPerCarrier(scope: MetricScope, range: DayRange, type: number) {
  const { lineScope, bounds } = metricSql(scope);
  return aggregateRows(
    t.app.db,
    sql`select t.name as carrier, null::int as truck_id, null::text as plate,
        count(*)::int as lines,
        percentile_cont(0.5) within group (order by ${DWELL})::float8 as median,
        percentile_cont(0.9) within group (order by ${DWELL})::float8 as p90
      from shipments s join shippers t on t.id = s.shipper_id
      where ${lineScope(type)} and ${bounds(range, sql`s.arrival_date`)}
        and s.shipper_id is not null and s.departure_date is not null
      group by t.name order by lines desc, carrier limit 1000`,
  );
}

/** Dwell per yard day and per truck before the stored minutes (migration 0027). */
function referenceDwellPerDay(scope: MetricScope, range: DayRange, type: number) {
  const { lineScope } = metricSql(scope);
  const zone = sql`${scope.zone}::text`;
  return aggregateRows(
    t.app.db,
    sql`select to_char(g::date, 'YYYY-MM-DD') as day, d.lines, d.median, d.p90
      from generate_series(${range.start}::date::timestamp, ${range.end}::date::timestamp,
        interval '1 day') g
      cross join lateral (select count(*)::int as lines,
          percentile_cont(0.5) within group (order by ${DWELL})::float8 as median,
          percentile_cont(0.9) within group (order by ${DWELL})::float8 as p90
        from shipments s
        where ${lineScope(type)} and s.departure_date is not null
          and s.arrival_date >= (g at time zone ${zone})
          and s.arrival_date < ((g + interval '1 day') at time zone ${zone})) d
      where d.lines > 0 order by g`,
  );
}

function referenceDwellPerTruck(scope: MetricScope, range: DayRange, type: number) {
  const { lineScope, bounds } = metricSql(scope);
  return aggregateRows(
    t.app.db,
    sql`select t.name as carrier, t.id as truck_id, t.plate, count(*)::int as lines,
        percentile_cont(0.5) within group (order by ${DWELL})::float8 as median,
        percentile_cont(0.9) within group (order by ${DWELL})::float8 as p90
      from shipments s join shippers t on t.id = s.shipper_id
      where ${lineScope(type)} and ${bounds(range, sql`s.arrival_date`)}
        and s.departure_date is not null
      group by t.id order by lines desc, carrier, plate`,
  );
}

/** The carrier scorecard before issue 30's rewrite. */
function referenceScorecard(scope: MetricScope, range: DayRange, type: number, tolerance: number) {
  const { lineScope, bounds } = metricSql(scope);
  return aggregateRows(
    t.app.db,
    sql`select t.name as carrier, count(*)::int as lines,
        count(s.arrival_date)::int as arrivals,
        count(*) filter (where s.arrival_date <= s.booked_date
          + ${`${tolerance} minutes`}::interval)::int as on_time,
        count(*) filter (where st.incidence)::int as incidences,
        (percentile_cont(0.5) within group (order by ${DWELL}))::float8 as median_dwell
      from shipments s
      join shippers t on t.id = s.shipper_id
      join statuses st on st.id = s.status_id
      where ${lineScope(type)} and ${bounds(range, sql`s.booked_date`)}
        and s.shipper_id is not null
      group by t.name order by lines desc, carrier limit 1000`,
  );
}

/** Every scope a caller can have: each company, all clients or two, each zone. */
function scopes(): MetricScope[] {
  const found: MetricScope[] = [];
  for (const { companyId, twoClients } of companies) {
    for (const zone of ["UTC", "Europe/Madrid"]) {
      for (const clientIds of [[], twoClients]) found.push({ companyId, clientIds, zone });
    }
  }
  return found;
}

beforeAll(async () => {
  t = await createTestApp();
  companies = await loadVariedCompanies(t, {
    seed: 3000,
    from: new Date("2032-12-20T00:00:00Z"),
    tag: "YQ",
  });
});
afterAll(async () => {
  await t?.close();
});

describe("BI's year-long queries answer as the SQL they replaced", () => {
  it("dwell per carrier", async () => {
    let compared = 0;
    for (const scope of scopes()) {
      for (const type of [0, 1, 2]) {
        const expected = await referenceDwellPerCarrier(scope, RANGE, type);
        expect(expected.length).toBeGreaterThan(2);
        expect(await dwellPerGroup(t.app.db, scope, RANGE, type, "carrier")).toEqual(expected);
        compared += 1;
      }
    }
    expect(compared).toBe(24);
    // The yard's renamed truck counts under its new name (a rename moves its lines).
    const scope: MetricScope = {
      companyId: companies[0]?.companyId ?? 0,
      clientIds: [],
      zone: "UTC",
    };
    const carriers = await dwellPerGroup(t.app.db, scope, RANGE, 0, "carrier");
    expect(carriers.map((row) => row.carrier)).toContain("YQ0 RENAMED");
  });

  it("dwell per day and per truck, from the stored minutes", async () => {
    for (const scope of scopes()) {
      // A day's figures are the same aggregate as a truck's: both types together suffice.
      const days = await referenceDwellPerDay(scope, RANGE, 0);
      expect(days.length).toBeGreaterThan(20);
      expect(await dwellPerDay(t.app.db, scope, RANGE, 0)).toEqual(days);
      for (const type of [0, 1, 2]) {
        const trucks = await referenceDwellPerTruck(scope, RANGE, type);
        expect(await dwellPerGroup(t.app.db, scope, RANGE, type, "truck")).toEqual(trucks);
      }
    }
  });

  it("the carrier scorecard, at several tolerances", async () => {
    for (const scope of scopes()) {
      for (const type of [0, 1, 2]) {
        for (const tolerance of [0, 15, 45]) {
          const expected = await referenceScorecard(scope, RANGE, type, tolerance);
          expect(expected.length).toBeGreaterThan(2);
          expect(await scorecard(t.app.db, scope, RANGE, type, tolerance)).toEqual(expected);
        }
      }
    }
  });
});
