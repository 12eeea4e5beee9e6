import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { listOf } from "../../../../shared/contract/paging";
import { Shipper } from "../../../../shared/contract/trucks";
import { PLAIN, TRW } from "../../../db/demo-data";
import { shippers } from "../../../db/schema/shippers";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { inContract } from "../../../test/contract";
import { createTestApp, type TestApp } from "../../../test/harness";
import { runOnMiddayClock } from "../../../test/midday-clock";
import { insertLine } from "../../../test/shipments";

/** GET api/shipper/available?line=: the trucks a line may take at the gate (issue 15). */
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

/** A line booked this hour (today on the demo yard's UTC clock). */
async function todayLine(values: Record<string, unknown> = {}, company = plain) {
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  return insertLine(t.app.db, company, 1, { bookedDate: hour, ...values });
}

/** A truck written straight to the table: plates as an import or an old client left them. */
async function rawTruck(plate: string, registered: string | null, company = plain) {
  const [row] = await t.app.db
    .insert(shippers)
    .values({
      companyId: company,
      plate,
      name: `RAW ${plate}`,
      registerDate: registered === null ? null : new Date(registered),
    })
    .returning({ id: shippers.id });
  if (!row) throw new Error("insert returned no row");
  return row.id;
}

const available = async (caller: Caller, query: string) => {
  const response = await caller("GET", `/api/shipper/available?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  // Sent as built, unchecked (index.ts): each answer is parsed with the contract.
  return inContract(listOf(Shipper), response.json());
};

describe("GET /api/shipper/available?line=", () => {
  it("offers the company's trucks once per plate; the database holds one truck per plate key", async () => {
    const tag = uniquePlate("DUP");
    const kept = await rawTruck(`${tag.slice(0, 3)}-${tag.slice(3)}`, "2030-05-01T08:00:00Z");
    // Spellings of the same plate are one truck (plate_key, issue 25): even a raw insert fails.
    await expect(rawTruck(tag, "2030-01-01T08:00:00Z")).rejects.toThrow();
    await expect(
      rawTruck(`${tag.slice(0, 3)} ${tag.slice(3)}`.toLowerCase(), null),
    ).rejects.toThrow();
    const line = await todayLine();

    const body = await available(gate, `line=${line}&plate=${tag.toLowerCase()}`);
    expect(body.results.map((truck) => truck.id)).toEqual([kept]);
    expect(body.count).toBe(1);
    const all = await available(gate, `line=${line}`);
    expect(all.results.map((truck) => truck.id)).toContain(kept);
    expect(new Set(all.results.map((truck) => truck.plate)).size).toBe(all.results.length);
    expect(all.count).toBeGreaterThanOrEqual(all.results.length);
    // Newest arrival first, never registered last.
    const dates = all.results.map((truck) => truck.register_date ?? "");
    const registered = dates.filter(Boolean);
    expect(registered).toEqual([...registered].sort().reverse());
    expect(dates.slice(registered.length).every((date) => date === "")).toBe(true);
  });

  it("offers a line's own truck only once one is checked in", async () => {
    const line = await todayLine();
    const plate = uniquePlate("OWN");
    const checkIn = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line,
      type: 1,
      truck: { plate, name: "Own Driver" },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const body = await available(gate, `line=${line}`);
    expect(body.results.map((truck) => truck.plate)).toEqual([plate]);
    expect(body.count).toBe(1);
    expect((await available(gate, `line=${line}&plate=ZZZ`)).results).toEqual([]);
  });

  it("refuses a line of another day (line_mismatch), a missing or foreign line (404)", async () => {
    const later = await todayLine({ bookedDate: new Date(Date.now() + 48 * 3_600_000) });
    const other = await gate("GET", `/api/shipper/available?line=${later}`);
    expect(other.statusCode).toBe(409);
    expect(other.json()).toMatchObject({ code: "line_mismatch" });
    const foreign = await todayLine({}, trw);
    const scoped = await gate("GET", `/api/shipper/available?line=${foreign}`);
    expect(scoped.statusCode).toBe(404);
    const missing = await gate("GET", "/api/shipper/available?line=2000000000");
    expect(missing.statusCode).toBe(404);
    expect(scoped.json().code).toBe(missing.json().code);
    expect((await gate("GET", "/api/shipper/available?line=0")).statusCode).toBe(400);
    const badPlate = await gate("GET", `/api/shipper/available?line=1&plate=${"A".repeat(41)}`);
    expect(badPlate.statusCode).toBe(400);
    expect(badPlate.json().fields).toHaveProperty("plate");
  });

  it("is for truck access and the office roles: forklift is refused, within the company", async () => {
    const line = await todayLine();
    const mine = await rawTruck(uniquePlate("SCP"), "2030-06-01T08:00:00Z");
    const theirs = await rawTruck(uniquePlate("SCP"), "2030-06-01T08:00:00Z", trw);
    const denied = await forklift("GET", `/api/shipper/available?line=${line}`);
    expect(denied.statusCode).toBe(403);
    expect(denied.json().code).toBe("forbidden");
    // Without a line the registry's on-site list stays open to every member.
    expect((await forklift("GET", "/api/shipper/available")).statusCode).toBe(200);
    for (const caller of [gate, office]) {
      const ids = (await available(caller, `line=${line}&plate=SCP`)).results.map((r) => r.id);
      expect(ids).toContain(mine);
      expect(ids).not.toContain(theirs);
    }
  });

  it("is documented in the OpenAPI with the line and plate parameters", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json();
    const operation = doc.paths["/api/shipper/available"].get;
    const names = operation.parameters.map((parameter: { name: string }) => parameter.name);
    expect(names).toEqual(expect.arrayContaining(["line", "plate"]));
    expect(operation.description).toContain("de-duplicated by plate");
    expect(Object.keys(operation.responses)).toEqual(
      expect.arrayContaining(["200", "400", "403", "404", "409"]),
    );
  });
});
