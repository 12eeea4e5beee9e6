import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DwellGroupRow, DwellLine } from "../../../../shared/contract/bi";
import { PLAIN } from "../../../db/demo-data";
import { dockSchedules } from "../../../db/schema/scheduling";
import { shippers } from "../../../db/schema/shippers";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";

/**
 * Dwell per carrier, per truck and per line (issue 16) on hand-made lines in February 2033.
 * Trucks A1 and A2 are both "NORTE TRANS", B1 is "SUR CARGO". A1 checks out at 10:00 on the
 * 10th; B1 at 09:00 and 13:00; A2 never (its line ends at its action time).
 *
 *   line  type  truck  client  arrival (UTC)       departure             dwell
 *   D1    exp   A1     ACME    02-10 08:00         A1 out 10:00          120
 *   D2    exp   A1     ACME    02-10 09:00         A1 out 10:00           60
 *   D3    rec   A2     IBERIA  02-10 08:00         action 08:45           45
 *   D4    exp   B1     ACME    02-10 08:30         B1 out 09:00           30
 *   D5    exp   B1     IBERIA  02-10 12:00         B1 out 13:00           60
 *   D6    exp   B1     ACME    02-10 12:10         B1 out 13:00           50
 *   D7    exp   B1     ACME    02-11 23:30         action 02-12 00:10     40   Madrid: 12th
 *   D8    exp   B1     ACME    (none)                                          not counted
 *   D9    exp   A1     ACME    02-09 23:00         A1 out 02-10 10:00    660   Madrid: 10th
 *   D10   exp   B1     ACME    02-10 08:00 deleted                             not counted
 *
 * 10..11 Feb (UTC), admin: NORTE TRANS 45, 60, 120: median 60, p90 60 + 0.8 * 60 = 108.
 * SUR CARGO 30, 40, 50, 60: median 45, p90 50 + 0.7 * 10 = 57. Per truck: A1 60, 120: median
 * 90, p90 60 + 0.9 * 60 = 114; A2 45; B1 as SUR CARGO. The client user (ACME, NORTE RETAIL):
 * NORTE TRANS 60, 120 (median 90, p90 114); SUR CARGO 30, 40, 50 (median 40, p90 48).
 * In Madrid the range is 09 23:00 .. 11 23:00 UTC: D9 in, D7 out. NORTE TRANS 45, 60, 120, 660:
 * median 90, p90 120 + 0.7 * 540 = 498; SUR CARGO 30, 50, 60: median 50, p90 58.
 */
let t: TestApp;
let plain: number;
let admin: Caller;
let client: Caller;
const ids: Record<string, number> = {};
const RANGE = "date_start=2033-02-10&date_end=2033-02-11";

async function truck(name: string, plate: string): Promise<number> {
  const [row] = await t.app.db
    .insert(shippers)
    .values({ companyId: plain, plate, name, registerDate: new Date("2033-02-01T08:00:00Z") })
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
  ids.A1 = await truck("NORTE TRANS", "DW0001");
  ids.A2 = await truck("NORTE TRANS", "DW0002");
  ids.B1 = await truck("SUR CARGO", "DW0003");
  const at = (iso: string) => new Date(`2033-${iso}:00Z`);
  const line = (
    name: string,
    type: 1 | 2,
    shipperId: number,
    client: number,
    arrival: string | null,
    extra: { actionDate?: Date; deletedAt?: Date } = {},
  ) =>
    insertLine(db, plain, type, {
      code: `DW-${name}`,
      bookedDate: at(arrival ?? "02-10T07:00"),
      shipperId,
      clientId: client,
      arrivalDate: arrival === null ? null : at(arrival),
      ...extra,
    }).then((id) => {
      ids[name] = id;
    });
  await line("D1", 1, ids.A1, acme, "02-10T08:00");
  await line("D2", 1, ids.A1, acme, "02-10T09:00");
  await line("D3", 2, ids.A2, iberia, "02-10T08:00", { actionDate: at("02-10T08:45") });
  await line("D4", 1, ids.B1, acme, "02-10T08:30");
  await line("D5", 1, ids.B1, iberia, "02-10T12:00");
  await line("D6", 1, ids.B1, acme, "02-10T12:10");
  await line("D7", 1, ids.B1, acme, "02-11T23:30", { actionDate: at("02-12T00:10") });
  await line("D8", 1, ids.B1, acme, null);
  await line("D9", 1, ids.A1, acme, "02-09T23:00");
  await line("D10", 1, ids.B1, acme, "02-10T08:00", { deletedAt: at("02-10T09:00") });
  for (const [shipper, when] of [
    [ids.A1, "2033-02-10T10:00:00Z"],
    [ids.B1, "2033-02-10T09:00:00Z"],
    [ids.B1, "2033-02-10T13:00:00Z"],
  ] as const) {
    await db.execute(sql`insert into check_ins (uid, company_id, kind, shipper_id, created_at)
      values (gen_random_uuid(), ${plain}, 'out', ${shipper}, ${when})`);
  }
});
afterAll(async () => {
  await t?.close();
});

async function get<T>(caller: Caller, url: string): Promise<T> {
  const response = await caller("GET", url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<T>();
}

const figures = (rows: DwellGroupRow[]) =>
  rows.map((row) => [
    row.carrier,
    row.truck?.plate ?? null,
    row.lines,
    row.median_minutes,
    row.p90_minutes,
  ]);

describe("api/metrics/dwell-groups", () => {
  it("gives median and p90 dwell per carrier", async () => {
    expect(figures(await get(admin, `/api/metrics/dwell-groups?${RANGE}`))).toEqual([
      ["SUR CARGO", null, 4, 45, 57],
      ["NORTE TRANS", null, 3, 60, 108],
    ]);
  });

  it("gives median and p90 dwell per truck", async () => {
    const rows = await get<DwellGroupRow[]>(admin, `/api/metrics/dwell-groups?${RANGE}&by=truck`);
    expect(figures(rows)).toEqual([
      ["SUR CARGO", "DW0003", 4, 45, 57],
      ["NORTE TRANS", "DW0001", 2, 90, 114],
      ["NORTE TRANS", "DW0002", 1, 45, 45],
    ]);
    expect(rows[1]?.truck?.id).toBe(ids.A1);
  });

  it("keeps a client user to their clients and a type to its lines", async () => {
    expect(figures(await get(client, `/api/metrics/dwell-groups?${RANGE}`))).toEqual([
      ["SUR CARGO", null, 3, 40, 48],
      ["NORTE TRANS", null, 2, 90, 114],
    ]);
    expect(figures(await get(admin, `/api/metrics/dwell-groups?${RANGE}&type=2`))).toEqual([
      ["NORTE TRANS", null, 1, 45, 45],
    ]);
  });

  it("bounds the range on the yard's clock and answers empty ranges empty", async () => {
    await t.app.db
      .update(dockSchedules)
      .set({ timeZone: "Europe/Madrid" })
      .where(eq(dockSchedules.companyId, plain));
    try {
      expect(figures(await get(admin, `/api/metrics/dwell-groups?${RANGE}`))).toEqual([
        ["NORTE TRANS", null, 4, 90, 498],
        ["SUR CARGO", null, 3, 50, 58],
      ]);
    } finally {
      await t.app.db
        .update(dockSchedules)
        .set({ timeZone: "UTC" })
        .where(eq(dockSchedules.companyId, plain));
    }
    const empty = "date_start=2033-03-01&date_end=2033-03-31";
    expect(await get(admin, `/api/metrics/dwell-groups?${empty}`)).toEqual([]);
    const bad = await admin("GET", `/api/metrics/dwell-groups?${RANGE}&by=driver`);
    expect(bad.statusCode).toBe(400);
  });
});

describe("api/metrics/dwell-lines", () => {
  it("lists a carrier's lines, longest dwell first, with arrival and departure", async () => {
    const page = await get<{ count: number; results: DwellLine[] }>(
      admin,
      `/api/metrics/dwell-lines?${RANGE}&carrier=SUR%20CARGO`,
    );
    expect(page.count).toBe(4);
    expect(page.results.map((row) => [row.code, row.dwell_minutes])).toEqual([
      ["DW-D5", 60],
      ["DW-D6", 50],
      ["DW-D7", 40],
      ["DW-D4", 30],
    ]);
    expect(page.results[2]).toMatchObject({
      id: ids.D7,
      type: 1,
      client: "ACME FOODS",
      carrier: "SUR CARGO",
      truck: { id: ids.B1, plate: "DW0003" },
      arrival_date: "2033-02-11T23:30:00.000Z",
      departure_date: "2033-02-12T00:10:00.000Z",
    });
  });

  it("narrows to one truck, pages, and scopes a client user", async () => {
    const a1 = await get<{ results: DwellLine[] }>(
      admin,
      `/api/metrics/dwell-lines?${RANGE}&truck=${ids.A1}`,
    );
    expect(a1.results.map((row) => [row.code, row.dwell_minutes, row.departure_date])).toEqual([
      ["DW-D1", 120, "2033-02-10T10:00:00.000Z"],
      ["DW-D2", 60, "2033-02-10T10:00:00.000Z"],
    ]);
    const second = await get<{ count: number; results: DwellLine[] }>(
      admin,
      `/api/metrics/dwell-lines?${RANGE}&page_size=2&page=2`,
    );
    expect(second.count).toBe(7);
    expect(second.results.map((row) => row.code)).toEqual(["DW-D5", "DW-D6"]);
    const mine = await get<{ count: number }>(client, `/api/metrics/dwell-lines?${RANGE}`);
    expect(mine.count).toBe(5);
    const tooBig = await admin("GET", `/api/metrics/dwell-lines?${RANGE}&page_size=1001`);
    expect(tooBig.statusCode).toBe(400);
  });
});
