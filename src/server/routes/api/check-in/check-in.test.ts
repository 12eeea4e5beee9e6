import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type {
  CheckInAnswer,
  CheckOutAnswer,
  ValidateAnswer,
} from "../../../../shared/contract/check-in";
import type { HistoryEntry } from "../../../../shared/contract/shipments";
import type { Shipper } from "../../../../shared/contract/trucks";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { runOnMiddayClock } from "../../../test/midday-clock";
import { insertLine } from "../../../test/shipments";

/** The gate (issue 15): validate, check in once, check out, permissions, company scope. */
let t: TestApp;
let plain: number;
let trw: number;
let gate: Caller;
let office: Caller;
let forklift: Caller;

// Its lines are booked this hour and asked for as today's: never across midnight.
runOnMiddayClock();

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  gate = await callerFor(t, "truckaccess", plain);
  office = await callerFor(t, "office", plain);
  forklift = await callerFor(t, "forklift", plain);
});
afterAll(async () => {
  await t?.close();
});

let refs = 0;
/** A line of today (this hour, on the demo yard's UTC clock) with a reference of its own. */
async function todayLine(type: 1 | 2, values: Record<string, unknown> = {}, company = plain) {
  refs += 1;
  const code = `GATE-${Date.now().toString(36)}-${refs}`.toUpperCase();
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  const id = await insertLine(t.app.db, company, type, {
    code,
    bookedDate: hour,
    warehouse: "W2",
    dock: "D7",
    ...values,
  });
  return { id, code };
}

const newTruck = (plate: string) => ({ plate, name: "Gate Driver", phone: "+34612345678" });

describe("GET /api/check-in/validate", () => {
  it("answers the day's lines of the type with client, warehouse and dock", async () => {
    const { id, code } = await todayLine(1);
    const answer = await gate(
      "GET",
      `/api/check-in/validate?reference=${code.toLowerCase()}&type=1`,
    );
    expect(answer.statusCode, answer.body).toBe(200);
    const body = answer.json<ValidateAnswer>();
    expect(body.hint).toBeNull();
    expect(body.results).toHaveLength(1);
    expect(body.results[0]).toMatchObject({ id, code, warehouse: "W2", dock: "D7", truck: null });
  });

  it("says when the reference is of the other type or another day", async () => {
    const { code } = await todayLine(2);
    const other = (
      await gate("GET", `/api/check-in/validate?reference=${code}&type=1`)
    ).json<ValidateAnswer>();
    expect(other).toEqual({ results: [], hint: "other_type" });
    const tomorrow = new Date(Date.now() + 36 * 3_600_000);
    const later = await todayLine(1, { bookedDate: tomorrow });
    const day = (
      await gate("GET", `/api/check-in/validate?reference=${later.code}&type=1`)
    ).json<ValidateAnswer>();
    expect(day).toEqual({ results: [], hint: "other_day" });
    const none = (
      await gate("GET", "/api/check-in/validate?reference=NO-SUCH-REF&type=1")
    ).json<ValidateAnswer>();
    expect(none).toEqual({ results: [], hint: null });
  });
});

describe("PUT /api/check-in/uid/:uid", () => {
  it("assigns a new truck to the line and stamps the arrival on both, with history and SMS", async () => {
    const { id } = await todayLine(1);
    const plate = uniquePlate("GIN");
    const uid = randomUUID();
    const answer = await gate("PUT", `/api/check-in/uid/${uid}`, {
      line: id,
      type: 1,
      truck: newTruck(plate),
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const line = answer.json<CheckInAnswer>();
    expect(line.id).toBe(id);
    expect(line.shipper?.plate).toBe(plate);
    expect(line.arrival_date).not.toBeNull();
    expect(line.check_in).toMatchObject({ uid, warehouse: "W2", dock: "D7", sms_sent: true });
    expect(line.check_in.truck).toMatchObject({
      plate,
      phone: "+34612345678",
      expedition_date: null,
    });
    expect(line.check_in.truck.register_date).toBe(line.arrival_date);

    const history = await office("GET", `/api/historic?shipment=${id}`);
    expect(history.statusCode, history.body).toBe(200);
    const [entry] = history.json<{ results: HistoryEntry[] }>().results;
    expect(entry?.modified_fields).toMatchObject({
      shipper: { old: null, new: plate },
      arrival_date: { old: null, new: line.arrival_date },
    });
    const sms = await office("GET", `/api/sms?shipper=${line.check_in.truck.id}`);
    expect(sms.statusCode, sms.body).toBe(200);
    const messages = sms.json<{ results: { body: string }[] }>().results;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.body).toContain("dock D7");
  });

  it("texts the dock in the driver's language", async () => {
    const { id, code } = await todayLine(1);
    const answer = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(uniquePlate("GES")),
      language: "es",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const truck = answer.json<CheckInAnswer>().check_in.truck;
    const sms = await office("GET", `/api/sms?shipper=${truck.id}`);
    expect(sms.json<{ results: { body: string }[] }>().results[0]?.body).toBe(
      `Entrada registrada para ${code}. Diríjase a almacén W2, andén D7.`,
    );
  });

  it("takes a phone without its code as the yard's; without a dock the SMS says where to go", async () => {
    const { id, code } = await todayLine(1, { dock: "", warehouse: "" });
    const answer = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: { ...newTruck(uniquePlate("GNA")), phone: "600111222" },
      language: "es",
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const truck = answer.json<CheckInAnswer>().check_in.truck;
    expect(truck).toMatchObject({ phone: "+34600111222", country_code: "ES" });
    const sms = await office("GET", `/api/sms?shipper=${truck.id}`);
    expect(sms.json<{ results: { body: string }[] }>().results[0]?.body).not.toContain("--");
    expect(sms.json<{ results: { body: string }[] }>().results[0]?.body).toContain(code);
  });

  it("applies a repeated uid once: same answer, one truck, one SMS, one history entry", async () => {
    const { id } = await todayLine(2);
    const plate = uniquePlate("GRP");
    const uid = randomUUID();
    const body = { line: id, type: 2, truck: newTruck(plate) };
    const first = await gate("PUT", `/api/check-in/uid/${uid}`, body);
    expect(first.statusCode, first.body).toBe(201);
    const again = await gate("PUT", `/api/check-in/uid/${uid}`, body);
    expect(again.statusCode, again.body).toBe(200);
    const [a, b] = [first.json<CheckInAnswer>(), again.json<CheckInAnswer>()];
    expect(b.version).toBe(a.version);
    expect(b.arrival_date).toBe(a.arrival_date);
    const trucks = await office("GET", `/api/shipper?plate=${plate}`);
    expect(trucks.json<{ count: number }>().count).toBe(1);
    const sms = await office("GET", `/api/sms?shipper=${a.check_in.truck.id}`);
    expect(sms.json<{ count: number }>().count).toBe(1);
    // Two copies at once (a replay racing its retry): still one check-in.
    const raceUid = randomUUID();
    const other = await todayLine(2);
    const race = await Promise.all([
      gate("PUT", `/api/check-in/uid/${raceUid}`, {
        line: other.id,
        type: 2,
        shipper: a.check_in.truck.id,
      }),
      gate("PUT", `/api/check-in/uid/${raceUid}`, {
        line: other.id,
        type: 2,
        shipper: a.check_in.truck.id,
      }),
    ]);
    expect(race.map((r) => r.statusCode).sort()).toEqual([200, 201]);
  });

  it("an existing truck by plate is reused, not duplicated", async () => {
    const plate = uniquePlate("GEX");
    const truck = await office.create({ plate, name: "Known Carrier" });
    const { id } = await todayLine(1);
    const answer = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: { plate: plate.toLowerCase(), name: "Other Name" },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json<CheckInAnswer>().check_in.truck).toMatchObject({
      id: truck.id,
      name: "KNOWN CARRIER",
    });
  });

  it("refuses a line with another truck, a line of another day or type, an unknown line", async () => {
    const { id } = await todayLine(1);
    const first = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(uniquePlate("GT1")),
    });
    expect(first.statusCode).toBe(201);
    const taken = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(uniquePlate("GT2")),
    });
    expect(taken.statusCode).toBe(409);
    expect(taken.json()).toMatchObject({ code: "line_taken" });

    const wrongType = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 2,
      truck: newTruck(uniquePlate("GT3")),
    });
    expect(wrongType.json()).toMatchObject({ code: "line_mismatch" });
    const later = await todayLine(1, { bookedDate: new Date(Date.now() + 48 * 3_600_000) });
    const wrongDay = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: later.id,
      type: 1,
      truck: newTruck(uniquePlate("GT4")),
    });
    expect(wrongDay.statusCode).toBe(409);
    expect(wrongDay.json()).toMatchObject({ code: "line_mismatch" });
    const missing = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: 2_000_000_000,
      type: 1,
      truck: newTruck(uniquePlate("GT5")),
    });
    expect(missing.statusCode).toBe(404);
    const both = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, { line: id, type: 1 });
    expect(both.statusCode).toBe(400);
  });

  it("is for truck access and the office roles only, and within the company", async () => {
    const { id, code } = await todayLine(1);
    const denied = await forklift("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(uniquePlate("GF")),
    });
    expect(denied.statusCode).toBe(403);
    expect(
      (await forklift("GET", `/api/check-in/validate?reference=${code}&type=1`)).statusCode,
    ).toBe(403);
    const officeCheckIn = await office("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(uniquePlate("GO")),
    });
    expect(officeCheckIn.statusCode, officeCheckIn.body).toBe(201);

    // A line of another company does not exist for this one.
    const foreign = await todayLine(1, {}, trw);
    const scoped = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: foreign.id,
      type: 1,
      truck: newTruck(uniquePlate("GS")),
    });
    expect(scoped.statusCode).toBe(404);
    const validate = (
      await gate("GET", `/api/check-in/validate?reference=${foreign.code}&type=1`)
    ).json<ValidateAnswer>();
    expect(validate.results).toEqual([]);
  });
});

describe("who wrote a truck (updated_by, issue 24)", () => {
  it("a 412 on a truck names the gate user who checked it in, then out", async () => {
    const { id } = await todayLine(1);
    const truck = await office.create({ plate: uniquePlate("GWHO"), name: "Writer" });
    const staleEdit = async (version: number) => {
      const stale = await office(
        "PUT",
        `/api/shipper/${truck.id}`,
        { plate: truck.plate, name: "late" },
        { "if-match": `"${version}"` },
      );
      expect(stale.statusCode, stale.body).toBe(412);
      return stale.json<{ changed_by: string | null; current: Shipper }>();
    };
    const checkIn = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      shipper: truck.id,
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    expect(await staleEdit(truck.version)).toMatchObject({
      changed_by: "truckaccess",
      current: { version: truck.version + 1 },
    });
    const out = await gate("PUT", `/api/check-out/uid/${randomUUID()}`, { plate: truck.plate });
    expect(out.statusCode, out.body).toBe(201);
    expect(await staleEdit(truck.version + 1)).toMatchObject({
      changed_by: "truckaccess",
      current: { version: truck.version + 2 },
    });
  });
});

describe("PUT /api/check-out/uid/:uid", () => {
  it("stamps the departure once, refuses a departed or never-arrived truck", async () => {
    const { id } = await todayLine(1);
    const plate = uniquePlate("GOUT");
    await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: id,
      type: 1,
      truck: newTruck(plate),
    });
    const uid = randomUUID();
    const out = await gate("PUT", `/api/check-out/uid/${uid}`, { plate });
    expect(out.statusCode, out.body).toBe(201);
    const truck = out.json<CheckOutAnswer>();
    expect(truck.expedition_date).not.toBeNull();
    expect(truck.check_out).toEqual({ uid, line: id });
    const again = await gate("PUT", `/api/check-out/uid/${uid}`, { plate });
    expect(again.statusCode).toBe(200);
    expect(again.json<CheckOutAnswer>().expedition_date).toBe(truck.expedition_date);

    const twice = await gate("PUT", `/api/check-out/uid/${randomUUID()}`, { plate });
    expect(twice.statusCode).toBe(409);
    expect(twice.json()).toMatchObject({ code: "truck_departed" });

    const never = uniquePlate("GNEV");
    await office.create({ plate: never, name: "Never Came", register_date: null });
    const notArrived = await gate("PUT", `/api/check-out/uid/${randomUUID()}`, { plate: never });
    expect(notArrived.json()).toMatchObject({ code: "truck_not_arrived" });
    const unknown = await gate("PUT", `/api/check-out/uid/${randomUUID()}`, { plate: "ZZ99ZZ99" });
    expect(unknown.statusCode).toBe(404);

    const listed = await office("GET", `/api/shipper?plate=${plate}`);
    const row = listed.json<{ results: Shipper[] }>().results[0];
    expect(row?.expedition_date).toBe(truck.expedition_date);
  });
});
