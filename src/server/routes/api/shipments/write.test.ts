import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ErrorBody } from "../../../../shared/contract/errors";
import type { Expedition, HistoryEntry, Reception } from "../../../../shared/contract/shipments";
import { BW, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { clientId, truckIds } from "../../../test/shipments";

/** POST, PUT uid and PUT id of expeditions and receptions: the forms' writes (issue 11). */

let t: TestApp;
let plain: number;
let trw: number;
let office: Caller;
let officeTrw: Caller;
let acme: number;
let atlas: number;
let trucks: number[];

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  office = await callerFor(t, "office", plain);
  officeTrw = await callerFor(t, "office", trw);
  acme = await clientId(t.app.db, plain, "ACME FOODS");
  atlas = await clientId(t.app.db, trw, "ATLAS AUTOMOTIVE");
  trucks = await truckIds(t.app.db, plain);
});
afterAll(async () => {
  await t?.close();
});

const BOOKED = "2031-03-02T09:00:00";

function expedition(overrides: Record<string, unknown> = {}) {
  return { code: `F-${randomUUID().slice(0, 8)}`, booked_date: BOOKED, client: acme, ...overrides };
}

async function created<T = Expedition>(caller: Caller, url: string, body: object): Promise<T> {
  const response = await caller("POST", url, body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<T>();
}

async function historyOf(caller: Caller, id: number): Promise<HistoryEntry[]> {
  const response = await caller("GET", `/api/historic?shipment=${id}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: HistoryEntry[] }>().results;
}

describe("create", () => {
  it("creates an expedition with every field, in status 998, with a history entry", async () => {
    const body = expedition({
      action_date: "2031-03-02T11:30:00+01:00",
      destination: "Madrid",
      client_notes: "Call\nbefore",
      company_notes: "Gate 2",
      road: "A-2",
      road_number: "12",
      packages: 4,
      shipper: trucks[0],
      shared_id: "S-1",
      info_shipper: "Blue truck",
      pallet_notes: "Euro\r\npallets",
      route_plate: "R1234",
      urgent: true,
      groupage: true,
      own_truck: false,
      warehouse: "W1",
      dock: "D4",
      weight: 1200.5,
      packing_list: true,
    });
    const line = await created(office, "/api/expedition", body);
    expect(line).toMatchObject({
      type: 1,
      code: body.code,
      booked_date: "2031-03-02T09:00:00.000Z",
      action_date: "2031-03-02T10:30:00.000Z",
      client: { id: acme, description: "ACME FOODS" },
      destination: "Madrid",
      client_notes: "Call before",
      pallet_notes: "Euro pallets",
      packages: 4,
      shipper: { id: trucks[0] },
      urgent: true,
      weight: 1200.5,
      packing_list: true,
      status: { id: 998 },
      version: 1,
    });
    const [entry] = await historyOf(office, line.id);
    expect(entry?.user?.username).toBe("office");
    expect(entry?.modified_fields.client).toEqual({ old: null, new: "ACME FOODS" });
    expect(entry?.modified_fields.code).toEqual({ old: null, new: body.code });
  });

  it("creates a trw reception with origin, load_empty and load_type, in status 999", async () => {
    const line = await created<Reception>(officeTrw, "/api/reception", {
      booked_date: BOOKED,
      client: atlas,
      origin: "Porto",
      load_empty: "empty",
      load_type: "not_full",
    });
    expect(line).toMatchObject({
      type: 2,
      code: "",
      origin: "Porto",
      load_empty: "empty",
      load_type: "not_full",
      status: { id: 999 },
    });
  });

  it("answers each save rule as a field error", async () => {
    const missing = await office("POST", "/api/expedition", { booked_date: BOOKED });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorBody>().field_codes).toEqual({
      code: [{ code: "required" }],
      client: [{ code: "required" }],
    });
    const noBooked = await office("POST", "/api/expedition", { code: "X", client: acme });
    expect(noBooked.statusCode).toBe(400);
    expect(Object.keys(noBooked.json<ErrorBody>().fields ?? {})).toEqual(["booked_date"]);
    const trwPlace = await officeTrw("POST", "/api/expedition", {
      booked_date: BOOKED,
      client: atlas,
    });
    expect(trwPlace.json<ErrorBody>().field_codes).toEqual({
      destination: [{ code: "required" }],
    });
    const negative = await office("POST", "/api/expedition", expedition({ packages: -1 }));
    expect(negative.statusCode).toBe(400);
    expect(Object.keys(negative.json<ErrorBody>().fields ?? {})).toEqual(["packages"]);
    const badDate = await office(
      "POST",
      "/api/expedition",
      expedition({ booked_date: "02/03/2031 09:00" }),
    );
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<ErrorBody>().field_codes?.booked_date).toEqual([{ code: "invalid_date" }]);
  });

  it("refuses a weight of 0 for user type mexico only", async () => {
    const bw = await t.companyId(BW);
    const mexico = await callerFor(t, "mexico", bw);
    const bwClient = await clientId(t.app.db, bw, "BW STORAGE");
    const zero = await mexico(
      "POST",
      "/api/expedition",
      expedition({ client: bwClient, weight: 0 }),
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json<ErrorBody>().field_codes).toEqual({ weight: [{ code: "not_zero" }] });
    await created(mexico, "/api/expedition", expedition({ client: bwClient, weight: 3 }));
    await created(office, "/api/expedition", expedition({ weight: 0 }));
  });

  it("refuses a client or truck of another company", async () => {
    const foreign = await office("POST", "/api/expedition", expedition({ client: atlas }));
    expect(foreign.statusCode).toBe(400);
    expect(Object.keys(foreign.json<ErrorBody>().fields ?? {})).toEqual(["client"]);
    const [trwTruck] = await truckIds(t.app.db, trw);
    const truck = await office("POST", "/api/expedition", expedition({ shipper: trwTruck }));
    expect(truck.statusCode).toBe(400);
    expect(Object.keys(truck.json<ErrorBody>().fields ?? {})).toEqual(["shipper"]);
  });

  it("creates once under a client-chosen id", async () => {
    const uid = randomUUID();
    const body = expedition();
    const first = await office("PUT", `/api/expedition/uid/${uid}`, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await office("PUT", `/api/expedition/uid/${uid}`, { ...body, code: "OTHER" });
    expect(again.statusCode).toBe(200);
    expect(again.json<Expedition>().id).toBe(first.json<Expedition>().id);
    expect(again.json<Expedition>().code).toBe(body.code);
    expect(first.json<Expedition>().uid).toBe(uid);
    const otherType = await office("PUT", `/api/reception/uid/${uid}`, body);
    expect(otherType.statusCode).toBe(409);
  });
});

describe("edit", () => {
  it("changes only the fields sent, bumps the version and records old and new values", async () => {
    const line = await created(office, "/api/expedition", expedition({ destination: "Madrid" }));
    const response = await office(
      "PUT",
      `/api/expedition/${line.id}`,
      { destination: "Sevilla", company_notes: "Ring\ntwice", shipper: trucks[1] },
      { "if-match": `"${line.version}"` },
    );
    expect(response.statusCode, response.body).toBe(200);
    const edited = response.json<Expedition>();
    expect(edited).toMatchObject({
      destination: "Sevilla",
      company_notes: "Ring twice",
      code: line.code,
      client: { id: acme },
      version: line.version + 1,
    });
    const [latest] = await historyOf(office, line.id);
    expect(latest?.modified_fields).toMatchObject({
      destination: { old: "Madrid", new: "Sevilla" },
      company_notes: { old: "", new: "Ring twice" },
      shipper: { old: null },
    });
    expect(Object.keys(latest?.modified_fields ?? {}).sort()).toEqual([
      "company_notes",
      "destination",
      "shipper",
    ]);
  });

  it("answers 412 with the current line on a stale If-Match", async () => {
    const line = await created(office, "/api/expedition", expedition());
    await office("PUT", `/api/expedition/${line.id}`, { road: "N-1" }, { "if-match": '"1"' });
    const stale = await office(
      "PUT",
      `/api/expedition/${line.id}`,
      { road: "N-2" },
      { "if-match": '"1"' },
    );
    expect(stale.statusCode).toBe(412);
    const body = stale.json<{ current: Expedition; changed_by: string }>();
    expect(body.current.road).toBe("N-1");
    expect(body.changed_by).toBe("office");
  });

  it("sets a status with editStatus and clears the old reason", async () => {
    const line = await created(
      office,
      "/api/expedition",
      expedition({ status: 7, reason: "SHIPPER" }),
    );
    expect(line.reason?.code).toBe("SHIPPER");
    const response = await office("PUT", `/api/expedition/${line.id}`, { status: 10 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json<Expedition>()).toMatchObject({ status: { id: 10 }, reason: null });
    const wrong = await office("PUT", `/api/expedition/${line.id}`, { status: 999 });
    expect(wrong.statusCode).toBe(400);
  });

  it("answers 404 for a line of the other type or company", async () => {
    const line = await created(office, "/api/expedition", expedition());
    expect((await office("PUT", `/api/reception/${line.id}`, { road: "x" })).statusCode).toBe(404);
    expect((await officeTrw("PUT", `/api/expedition/${line.id}`, { road: "x" })).statusCode).toBe(
      404,
    );
  });
});
