import { and, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  IncidenceDetail,
  IncidenceMetricRow,
  LineDetail,
  Scorecard,
  TruckDetail,
} from "../../../../shared/contract/bi";
import type { ErrorBody } from "../../../../shared/contract/errors";
import { PLAIN } from "../../../db/demo-data";
import { dockSchedules } from "../../../db/schema/scheduling";
import { reasons, shipmentHistory } from "../../../db/schema/shipments";
import { shippers } from "../../../db/schema/shippers";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";

/**
 * BI metrics (issue 16) against a hand-made data set in January 2033 (away from the demo
 * lines around today), with the figures worked out by hand below.
 *
 *   id  type  booked (UTC)        client  status      truck  notes
 *   L1  exp   2033-01-10 08:00    ACME    998         T1
 *   L2  exp   2033-01-10 12:00    IBERIA  4 reason A  T2     history: status 4 at 13:00
 *   L3  rec   2033-01-11 09:00    ACME    12 none
 *   L4  exp   2033-01-12 23:30    ACME    7 reason B         Madrid: 13 Jan 00:30
 *   L5  exp   2033-01-10 09:00    ACME    998                deleted
 *   L6  exp   2033-01-13 00:00    ACME    998                outside 10..12
 *   T1 registered 2033-01-10 10:00, T2 2033-01-10 11:00, T3 2033-01-11 10:00 (carries nothing)
 *
 * The client user is limited to ACME and NORTE RETAIL: IBERIA's line and T2 are not theirs,
 * and T3 carries no line of theirs.
 */
let t: TestApp;
let plain: number;
let admin: Caller;
let client: Caller;
const ids: Record<string, number> = {};
const reasonCodes: { a: string; b: string } = { a: "", b: "" };

const RANGE = "date_start=2033-01-10&date_end=2033-01-12";

async function firstReason(statusId: number): Promise<{ id: number; code: string }> {
  const [row] = await t.app.db
    .select({ id: reasons.id, code: reasons.code })
    .from(reasons)
    .where(eq(reasons.statusId, statusId))
    .orderBy(reasons.id)
    .limit(1);
  if (!row) throw new Error(`no reason for status ${statusId}`);
  return row;
}

async function truck(name: string, registered: string): Promise<number> {
  const [row] = await t.app.db
    .insert(shippers)
    .values({ companyId: plain, plate: `BI${name}`, name, registerDate: new Date(registered) })
    .returning({ id: shippers.id });
  if (!row) throw new Error("no truck");
  return row.id;
}

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  client = await callerFor(t, "client", plain);
  const db = t.app.db;
  const acme = await clientId(db, plain, "ACME FOODS");
  const iberia = await clientId(db, plain, "IBERIA PHARMA");
  const reasonA = await firstReason(4);
  const reasonB = await firstReason(7);
  reasonCodes.a = reasonA.code;
  reasonCodes.b = reasonB.code;
  ids.T1 = await truck("T1", "2033-01-10T10:00:00Z");
  ids.T2 = await truck("T2", "2033-01-10T11:00:00Z");
  ids.T3 = await truck("T3", "2033-01-11T10:00:00Z");
  const at = (iso: string) => new Date(iso);
  ids.L1 = await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-10T08:00:00Z"),
    clientId: acme,
    shipperId: ids.T1,
    arrivalDate: at("2033-01-10T08:10:00Z"),
    actionDate: at("2033-01-10T09:10:00Z"),
    warehouse: "W1",
  });
  ids.L2 = await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-10T12:00:00Z"),
    clientId: iberia,
    shipperId: ids.T2,
    statusId: 4,
    reasonId: reasonA.id,
    arrivalDate: at("2033-01-10T12:30:00Z"),
  });
  ids.L3 = await insertLine(db, plain, 2, {
    bookedDate: at("2033-01-11T09:00:00Z"),
    clientId: acme,
    statusId: 12,
  });
  ids.L4 = await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-12T23:30:00Z"),
    clientId: acme,
    statusId: 7,
    reasonId: reasonB.id,
  });
  ids.L5 = await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-10T09:00:00Z"),
    clientId: acme,
    deletedAt: at("2033-01-10T09:30:00Z"),
  });
  ids.L6 = await insertLine(db, plain, 1, {
    bookedDate: at("2033-01-13T00:00:00Z"),
    clientId: acme,
  });
  await db.insert(shipmentHistory).values({
    shipmentId: ids.L2,
    companyId: plain,
    created: at("2033-01-10T13:00:00Z"),
    statusId: 4,
  });
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(caller: Caller, url: string): Promise<T> {
  const response = await caller("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

interface Page<T> {
  count: number;
  results: T[];
}

describe("api/metrics figures", () => {
  it("counts trucks per register day, a client user only the trucks of their lines", async () => {
    expect(await get(admin, `/api/metrics/trucks?${RANGE}`)).toEqual([
      { register_date: "2033-01-10", value: 2 },
      { register_date: "2033-01-11", value: 1 },
    ]);
    expect(await get(client, `/api/metrics/trucks?${RANGE}`)).toEqual([
      { register_date: "2033-01-10", value: 1 },
    ]);
  });

  it("counts live lines per booked day by type, a client user only their clients'", async () => {
    const lines = (caller: Caller, type: number) =>
      get(caller, `/api/metrics/lines?${RANGE}&type=${type}`);
    expect(await lines(admin, 0)).toEqual([
      { booked_date: "2033-01-10", value: 2 },
      { booked_date: "2033-01-11", value: 1 },
      { booked_date: "2033-01-12", value: 1 },
    ]);
    expect(await lines(admin, 1)).toEqual([
      { booked_date: "2033-01-10", value: 2 },
      { booked_date: "2033-01-12", value: 1 },
    ]);
    expect(await lines(admin, 2)).toEqual([{ booked_date: "2033-01-11", value: 1 }]);
    expect(await lines(client, 0)).toEqual([
      { booked_date: "2033-01-10", value: 1 },
      { booked_date: "2033-01-11", value: 1 },
      { booked_date: "2033-01-12", value: 1 },
    ]);
  });

  it("counts incidences by status and reason", async () => {
    const rows = await get<IncidenceMetricRow[]>(admin, `/api/metrics/incidences?${RANGE}`);
    expect(rows.map((row) => [row.status.id, row.reason?.code ?? null, row.value])).toEqual([
      [4, reasonCodes.a, 1],
      [7, reasonCodes.b, 1],
      [12, null, 1],
    ]);
    const receptions = await get<IncidenceMetricRow[]>(
      admin,
      `/api/metrics/incidences?${RANGE}&type=2`,
    );
    expect(receptions.map((row) => row.status.id)).toEqual([12]);
    const mine = await get<IncidenceMetricRow[]>(client, `/api/metrics/incidences?${RANGE}`);
    expect(mine.map((row) => row.status.id)).toEqual([7, 12]);
  });

  it("answers empty lists for an empty range", async () => {
    const empty = "date_start=2033-02-01&date_end=2033-02-28";
    for (const metric of ["trucks", "lines", "incidences", "dwell"]) {
      expect(await get(admin, `/api/metrics/${metric}?${empty}`)).toEqual([]);
    }
  });

  it("refuses bad ranges and types with field codes, and users without seeBi", async () => {
    for (const query of [
      "date_start=2033-01-12&date_end=2033-01-10",
      "date_start=2033-02-30&date_end=2033-03-01",
      "date_start=2033-01-10T08:00&date_end=2033-01-12",
      "date_start=2020-01-01&date_end=2033-01-12",
      `${RANGE}&type=5`,
      "date_end=2033-01-12",
    ]) {
      const response = await admin("GET", `/api/metrics/lines?${query}`);
      expect(response.statusCode, query).toBe(400);
      expect(response.json<ErrorBody>().code).toBe("validation_error");
    }
    const guard = await callerFor(t, "guard", plain);
    expect((await guard("GET", `/api/metrics/lines?${RANGE}`)).statusCode).toBe(403);
  });
});

describe("api/metrics details", () => {
  it("lists the lines behind a day, scoped to the user's clients", async () => {
    const page = await get<Page<LineDetail>>(
      admin,
      "/api/metrics/line-details?date_start=2033-01-10&date_end=2033-01-10",
    );
    expect(page.count).toBe(2);
    expect(page.results.map((row) => row.id)).toEqual([ids.L1, ids.L2]);
    expect(page.results[0]).toMatchObject({ type: 1, client: "ACME FOODS", truck: "T1" });
    const mine = await get<Page<LineDetail>>(
      client,
      "/api/metrics/line-details?date_start=2033-01-10&date_end=2033-01-10",
    );
    expect(mine.results.map((row) => row.id)).toEqual([ids.L1]);
    const paged = await get<Page<LineDetail>>(
      admin,
      `/api/metrics/line-details?${RANGE}&page_size=2&page=2`,
    );
    expect(paged.count).toBe(4);
    expect(paged.results.map((row) => row.id)).toEqual([ids.L3, ids.L4]);
  });

  it("lists the trucks behind a day", async () => {
    const page = await get<Page<TruckDetail>>(
      admin,
      "/api/metrics/truck-details?date_start=2033-01-10&date_end=2033-01-10",
    );
    expect(page.results.map((row) => [row.id, row.register_date])).toEqual([
      [ids.T1, "2033-01-10T10:00:00.000Z"],
      [ids.T2, "2033-01-10T11:00:00.000Z"],
    ]);
  });

  it("lists the incidences of a slice with the time each entered its status", async () => {
    const byStatus = await get<Page<IncidenceDetail>>(
      admin,
      `/api/metrics/incidence-details?${RANGE}&status=4&reason=${reasonCodes.a}`,
    );
    expect(byStatus.results).toEqual([
      expect.objectContaining({
        shipment: expect.objectContaining({ id: ids.L2, type: 1 }),
        created: "2033-01-10T13:00:00.000Z",
      }),
    ]);
    const noReason = await get<Page<IncidenceDetail>>(
      admin,
      `/api/metrics/incidence-details?${RANGE}&reason=none`,
    );
    expect(noReason.results.map((row) => [row.shipment.id, row.status.id, row.reason])).toEqual([
      [ids.L3, 12, null],
    ]);
    const all = await get<Page<IncidenceDetail>>(client, `/api/metrics/incidence-details?${RANGE}`);
    expect(all.results.map((row) => row.shipment.id)).toEqual([ids.L3, ids.L4]);
    const tooBig = await admin("GET", `/api/metrics/incidence-details?${RANGE}&page_size=1001`);
    expect(tooBig.statusCode).toBe(400);
  });
});

describe("api/metrics dwell and carrier scorecard", () => {
  // L1: arrival 08:10, loaded 09:10 (T1 never checked out): 60 min. L2: arrival 12:30, T2
  // checked out at 14:00: 90 min. T1 came on time (08:10 for 08:00), T2 late (12:30 for 12:00).
  beforeAll(async () => {
    await t.app.db.execute(sql`insert into check_ins (uid, company_id, kind, shipper_id, created_at)
      values (gen_random_uuid(), ${plain}, 'out', ${ids.T2}, '2033-01-10T14:00:00Z')`);
  });

  it("gives the median and p90 dwell per arrival day", async () => {
    expect(await get(admin, `/api/metrics/dwell?${RANGE}`)).toEqual([
      { arrival_date: "2033-01-10", lines: 2, median_minutes: 75, p90_minutes: 87 },
    ]);
    expect(await get(client, `/api/metrics/dwell?${RANGE}`)).toEqual([
      { arrival_date: "2033-01-10", lines: 1, median_minutes: 60, p90_minutes: 60 },
    ]);
  });

  it("scores carriers against the company's tolerance, which an admin sets", async () => {
    expect(await get(admin, `/api/metrics/scorecard?${RANGE}`)).toEqual({
      tolerance_minutes: 15,
      results: [
        {
          carrier: "T1",
          lines: 1,
          arrivals: 1,
          on_time: 1,
          on_time_rate: 100,
          incidences: 0,
          median_dwell_minutes: 60,
        },
        {
          carrier: "T2",
          lines: 1,
          arrivals: 1,
          on_time: 0,
          on_time_rate: 0,
          incidences: 1,
          median_dwell_minutes: 90,
        },
      ],
    });
    const mine = await get<Scorecard>(client, `/api/metrics/scorecard?${RANGE}`);
    expect(mine.results.map((row) => row.carrier)).toEqual(["T1"]);

    const office = await callerFor(t, "office", plain);
    const body = { on_time_tolerance_minutes: 30 };
    expect((await office("PUT", "/api/metrics/settings", body)).statusCode).toBe(403);
    const tooLong = await admin("PUT", "/api/metrics/settings", { on_time_tolerance_minutes: 241 });
    expect(tooLong.statusCode).toBe(400);
    expect((await admin("PUT", "/api/metrics/settings", body)).statusCode).toBe(200);
    try {
      expect(await get(office, "/api/metrics/settings")).toEqual(body);
      const relaxed = await get<Scorecard>(admin, `/api/metrics/scorecard?${RANGE}`);
      expect(relaxed.tolerance_minutes).toBe(30);
      expect(relaxed.results.map((row) => row.on_time_rate)).toEqual([100, 100]);
    } finally {
      await admin("PUT", "/api/metrics/settings", { on_time_tolerance_minutes: 15 });
    }
  });
});

describe("api/metrics on the yard's clock", () => {
  it("counts a line at 23:30 UTC on the next day in Madrid, and bounds the range there", async () => {
    await t.app.db
      .update(dockSchedules)
      .set({ timeZone: "Europe/Madrid" })
      .where(and(eq(dockSchedules.companyId, plain)));
    try {
      expect(await get(admin, `/api/metrics/lines?${RANGE}&type=1`)).toEqual([
        { booked_date: "2033-01-10", value: 2 },
      ]);
      expect(
        await get(admin, "/api/metrics/lines?date_start=2033-01-13&date_end=2033-01-13&type=1"),
      ).toEqual([{ booked_date: "2033-01-13", value: 2 }]);
    } finally {
      await t.app.db
        .update(dockSchedules)
        .set({ timeZone: "UTC" })
        .where(eq(dockSchedules.companyId, plain));
    }
  });
});
