import { type SQL, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AREA_C_WAREHOUSE } from "../../../shared/contract/indicators";
import { createTestApp, type TestApp } from "../../test/harness";
import { loadVariedCompanies, type VariedCompany } from "../../test/varied-yard";
import { aggregateRows } from "../bi/repository";
import { type IndicatorScope, periodFigures } from "./repository";

/**
 * The indicator figures rewritten for a million lines (issue 30) answer exactly what the SQL
 * they replaced answered (kept below as the reference), on a seeded varied yard in two
 * companies (lines without arrival, truck, client or departure, deleted and cancelled lines,
 * incidences, renamed trucks): areas G and C, a client user's scope, several tolerances,
 * quarters and years.
 */
let t: TestApp;
let companies: VariedCompany[] = [];

const DWELL = sql`extract(epoch from s.departure_date - s.arrival_date) / 60`;

type Bounds = { previousFrom: Date; currentFrom: Date; currentTo: Date };

/** Both periods' figures before issue 30's rewrite, raw (one row of named counts). */
function referenceFigures(scope: IndicatorScope, bounds: Bounds, tolerance: number) {
  const parts: SQL[] = [
    sql`s.company_id = ${scope.companyId}`,
    sql`s.deleted_at is null`,
    sql`s.booked_date >= ${bounds.previousFrom.toISOString()}`,
    sql`s.booked_date < ${bounds.currentTo.toISOString()}`,
  ];
  if (scope.clientIds.length > 0) {
    parts.push(
      sql`s.client_id in (${sql.join(
        scope.clientIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
    );
  }
  if (scope.warehouse !== undefined) parts.push(sql`s.warehouse = ${scope.warehouse}`);
  const figuresOf = (name: string, period: SQL) => sql`
      count(*) filter (where ${period} and st.description <> 'cancelled')::int
        as ${sql.raw(`${name}_lines_handled`)},
      count(*) filter (where ${period}
        and s.arrival_date <= s.booked_date + ${`${tolerance} minutes`}::interval)::int
        as ${sql.raw(`${name}_on_time`)},
      count(s.arrival_date) filter (where ${period})::int as ${sql.raw(`${name}_arrived`)},
      count(*) filter (where ${period} and st.incidence)::int as ${sql.raw(`${name}_incidences`)},
      (avg(${DWELL}) filter (where ${period}))::float8 as ${sql.raw(`${name}_average_dwell`)},
      count(distinct s.shipper_id) filter (where ${period})::int
        as ${sql.raw(`${name}_trucks_served`)}`;
  const from = bounds.currentFrom.toISOString();
  return aggregateRows<Record<string, number | null>>(
    t.app.db,
    sql`select ${figuresOf("current", sql`s.booked_date >= ${from}`)},
      ${figuresOf("previous", sql`s.booked_date < ${from}`)}
    from shipments s join statuses st on st.id = s.status_id
    where ${sql.join(parts, sql` and `)}`,
  );
}

/** The service's figures from the reference row, as periodFigures derives them. */
function figuresOf(row: Record<string, number | null> | undefined, name: string) {
  const value = (field: string) => row?.[`${name}_${field}`] ?? null;
  const arrived = value("arrived") ?? 0;
  return {
    lines_handled: value("lines_handled") ?? 0,
    on_time_rate: arrived > 0 ? (100 * (value("on_time") ?? 0)) / arrived : null,
    incidences: value("incidences") ?? 0,
    average_dwell: value("average_dwell"),
    trucks_served: value("trucks_served") ?? 0,
  };
}

const PERIODS: Bounds[] = [
  // Quarters: Q1 2033 against Q4 2032, Q2 against Q1 (nothing booked after March 20th).
  {
    previousFrom: new Date("2032-10-01T00:00:00Z"),
    currentFrom: new Date("2033-01-01T00:00:00Z"),
    currentTo: new Date("2033-04-01T00:00:00Z"),
  },
  {
    previousFrom: new Date("2033-01-01T00:00:00Z"),
    currentFrom: new Date("2033-04-01T00:00:00Z"),
    currentTo: new Date("2033-07-01T00:00:00Z"),
  },
  // Years on Madrid's clock.
  {
    previousFrom: new Date("2031-12-31T23:00:00Z"),
    currentFrom: new Date("2032-12-31T23:00:00Z"),
    currentTo: new Date("2033-12-31T23:00:00Z"),
  },
];

beforeAll(async () => {
  t = await createTestApp();
  companies = await loadVariedCompanies(t, {
    seed: 4000,
    from: new Date("2032-12-01T00:00:00Z"),
    tag: "PF",
  });
});
afterAll(async () => {
  await t?.close();
});

describe("the indicator figures answer as the SQL they replaced", () => {
  it("in areas G and C, for every scope, period and tolerance", async () => {
    let measured = 0;
    for (const { companyId, twoClients } of companies) {
      for (const clientIds of [[], twoClients]) {
        for (const warehouse of [undefined, AREA_C_WAREHOUSE]) {
          const scope: IndicatorScope = { companyId, clientIds, warehouse };
          for (const bounds of PERIODS) {
            for (const tolerance of [0, 15, 45]) {
              const [row] = await referenceFigures(scope, bounds, tolerance);
              const expected = {
                current: figuresOf(row, "current"),
                previous: figuresOf(row, "previous"),
              };
              expect(await periodFigures(t.app.db, scope, bounds, tolerance)).toEqual(expected);
              if (expected.current.average_dwell !== null) measured += 1;
            }
          }
        }
      }
    }
    // The yard gives real figures, not only empty periods.
    expect(measured).toBeGreaterThan(30);
  });
});
