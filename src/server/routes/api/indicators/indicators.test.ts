import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type { Indication, IndicatorKey } from "../../../../shared/contract/indicators";
import { PLAIN } from "../../../db/demo-data";
import { indicatorsOf } from "../../../domain/indicators/service";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";

/**
 * api/indication (issue 16): tiles of a period against the one before, on lines of 2032-2033
 * (away from the demo lines around today), figures worked out by hand:
 *
 *   2032-05-01  exp 998                                   (previous year, Q2 2032)
 *   2033-01-10  exp 998  W1, arrival +10 min, action +70   on time, dwell 60 min
 *   2033-01-10  exp 4    arrival +30 min                   late, incidence
 *   2033-02-01  exp 11   cancelled                          not handled
 *   2033-02-02  rec 12   incidence
 */
let t: TestApp;
let plain: number;
let admin: Caller;
const scope = () => ({ companyId: plain, clientIds: [] as number[] });
const NOW = new Date("2033-06-15T12:00:00Z");

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  const db = t.app.db;
  const at = (iso: string) => new Date(iso);
  const trucks = await db.execute(
    `select id from shippers where company_id = ${plain} order by id limit 2`,
  );
  const [t1, t2] = (trucks as unknown as { rows: { id: number }[] }).rows.map((row) => row.id);
  await insertLine(db, plain, 1, { bookedDate: at("2032-05-01T08:00:00Z") });
  await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-10T08:00:00Z"),
    arrivalDate: at("2033-01-10T08:10:00Z"),
    actionDate: at("2033-01-10T09:10:00Z"),
    warehouse: "W1",
    shipperId: t1,
  });
  await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-10T12:00:00Z"),
    arrivalDate: at("2033-01-10T12:30:00Z"),
    statusId: 4,
    shipperId: t2,
  });
  await insertLine(db, plain, 1, { bookedDate: at("2033-02-01T08:00:00Z"), statusId: 11 });
  await insertLine(db, plain, 2, { bookedDate: at("2033-02-02T08:00:00Z"), statusId: 12 });
});
afterAll(async () => {
  await t?.close();
});

const tiles = (indication: Indication) =>
  Object.fromEntries(
    indication.indicators.map((tile) => [
      tile.type.key,
      [tile.value, tile.previous, tile.growth, tile.grade_growth],
    ]),
  ) as Record<IndicatorKey, (number | null)[]>;

describe("indicators", () => {
  it("compares this year with the last, growth up", async () => {
    const annual = await indicatorsOf(t.app.db, scope(), "G", "A", NOW);
    expect(annual).toMatchObject({ year: 2033, quarter: null, from: "2033-01-01T00:00:00.000Z" });
    expect(tiles(annual)).toEqual({
      lines_handled: [3, 1, 2, 200],
      on_time_rate: [50, null, null, null],
      incidences: [2, 0, 2, null],
      average_dwell: [60, null, null, null],
      trucks_served: [2, 0, 2, null],
    });
  });

  it("compares this quarter with the one before, growth down, quarter named", async () => {
    const quarterly = await indicatorsOf(t.app.db, scope(), "G", "T", NOW);
    expect(quarterly).toMatchObject({ year: 2033, quarter: 2, to: "2033-07-01T00:00:00.000Z" });
    const figures = tiles(quarterly);
    expect(figures.lines_handled).toEqual([0, 3, -3, -100]);
    expect(figures.incidences).toEqual([0, 2, -2, -100]);
    const higher = quarterly.indicators.find((tile) => tile.type.key === "incidences");
    expect(higher?.type.higher_is_better).toBe(false);
  });

  it("narrows area C to warehouse W1", async () => {
    const areaC = await indicatorsOf(t.app.db, scope(), "C", "A", NOW);
    expect(tiles(areaC).lines_handled).toEqual([1, 0, 1, null]);
    expect(tiles(areaC).average_dwell).toEqual([60, null, null, null]);
  });

  it("answers GET api/indication with the area and period headers, for a kiosk too", async () => {
    const kiosk = await callerFor(t, "kiosk", plain);
    const response = await kiosk("GET", "/api/indication", undefined, { area: "C", period: "T" });
    expect(response.statusCode, response.body).toBe(200);
    const body = response.json<Indication>();
    expect(body).toMatchObject({ area: "C", period: "T" });
    expect(body.indicators.map((tile) => tile.type.key)).toEqual([
      "lines_handled",
      "on_time_rate",
      "incidences",
      "average_dwell",
      "trucks_served",
    ]);
    const plainDefault = await admin("GET", "/api/indication");
    expect(plainDefault.json<Indication>()).toMatchObject({ area: "G", period: "A" });
    const bad = await admin("GET", "/api/indication", undefined, { period: "Q" });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorBody>().code).toBe("validation_error");
  });
});
