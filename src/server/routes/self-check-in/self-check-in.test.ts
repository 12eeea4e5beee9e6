import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInPageAnswer, SelfCheckInAnswer } from "../../../shared/contract/check-in";
import { DEMO_CHECK_IN_TOKENS } from "../../db/demo-check-in";
import { PLAIN } from "../../db/demo-data";
import { NOT_POSSIBLE } from "../../domain/self-check-in/service";
import { type Caller, callerFor, uniquePlate } from "../../test/api-caller";
import { createTestApp, type TestApp } from "../../test/harness";
import { runOnMiddayClock } from "../../test/midday-clock";
import { insertLine } from "../../test/shipments";

/** The carrier's self check-in page (issue 15): token, check-in, non-disclosure, limits. */
let t: TestApp;
let plain: number;
let office: Caller;
let gate: Caller;
let token: string;
let addressCounter = 0;

// Its lines are booked this hour and checked in as today's: never across midnight.
runOnMiddayClock();

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  office = await callerFor(t, "office", plain);
  gate = await callerFor(t, "truckaccess", plain);
  // The demo seed gives the company a page (demo-check-in.ts); a new token revokes it.
  const demo = await anonymous("GET", `/api/public/check-in/${DEMO_CHECK_IN_TOKENS[PLAIN]}`);
  expect(demo.json()).toEqual({ company: PLAIN });
  const page = await office("POST", "/api/check-in/page");
  expect(page.statusCode, page.body).toBe(201);
  token = page.json<CheckInPageAnswer>().token ?? "";
});
afterAll(async () => {
  await t?.close();
});

/** A public request from an address of its own (so the per-address limit stays out of the way). */
function anonymous(method: "GET" | "POST", url: string, payload?: object, address?: string) {
  addressCounter += 1;
  return t.app.inject({
    method,
    url,
    remoteAddress: address ?? `10.0.0.${addressCounter}`,
    ...(payload ? { payload } : {}),
  });
}

let refs = 0;
async function todayLine(values: Record<string, unknown> = {}) {
  refs += 1;
  const code = `SELF-${Date.now().toString(36)}-${refs}`.toUpperCase();
  const hour = new Date();
  hour.setUTCMinutes(0, 0, 0);
  await insertLine(t.app.db, plain, 2, {
    code,
    bookedDate: hour,
    warehouse: "W9",
    dock: "D4",
    ...values,
  });
  return code;
}

const driver = (reference: string, plate = uniquePlate("SLF")) => ({
  reference,
  plate,
  name: "Phone Driver",
  phone: "+34 611 222 333",
});

describe("public self check-in", () => {
  it("checks the driver in and answers only warehouse, dock and time; the SMS goes out", async () => {
    const code = await todayLine();
    const page = await anonymous("GET", `/api/public/check-in/${token}`);
    expect(page.statusCode, page.body).toBe(200);
    expect(page.json()).toEqual({ company: PLAIN });

    const body = driver(code);
    const answer = await anonymous("POST", `/api/public/check-in/${token}`, body);
    expect(answer.statusCode, answer.body).toBe(200);
    const dock = answer.json<SelfCheckInAnswer>();
    expect(Object.keys(dock).sort()).toEqual(["booked_date", "dock", "sms_sent", "warehouse"]);
    expect(dock).toMatchObject({ warehouse: "W9", dock: "D4", sms_sent: true });

    const trucks = await office("GET", `/api/shipper?plate=${body.plate}`);
    const truck = trucks.json<{ results: { id: number; register_date: string | null }[] }>()
      .results[0];
    expect(truck?.register_date).not.toBeNull();
    const sms = await office("GET", `/api/sms?shipper=${truck?.id}`);
    expect(sms.json<{ count: number }>().count).toBe(1);

    // A repeated submit answers the dock again and sends nothing more.
    const again = await anonymous("POST", `/api/public/check-in/${token}`, body);
    expect(again.json<SelfCheckInAnswer>()).toMatchObject({ dock: "D4", sms_sent: false });
    expect(
      (await office("GET", `/api/sms?shipper=${truck?.id}`)).json<{ count: number }>().count,
    ).toBe(1);
  });

  it("takes a phone without its country code as one of the yard's country", async () => {
    const code = await todayLine({ dock: "" });
    const body = { ...driver(code), phone: "600111222" };
    const answer = await anonymous("POST", `/api/public/check-in/${token}`, body);
    expect(answer.statusCode, answer.body).toBe(200);
    // No dock yet: the answer says so (empty), the page sends the driver to the warehouse.
    expect(answer.json<SelfCheckInAnswer>()).toMatchObject({ warehouse: "W9", dock: "" });
    const trucks = await office("GET", `/api/shipper?plate=${body.plate}`);
    expect(trucks.json<{ results: { phone: string }[] }>().results[0]?.phone).toBe("+34600111222");
    const refused = await anonymous("POST", `/api/public/check-in/${token}`, {
      ...driver(await todayLine()),
      phone: "12345",
    });
    expect(refused.statusCode, refused.body).toBe(400);
  });

  it("answers every reference it cannot use the same way", async () => {
    const taken = await todayLine();
    expect(
      (await anonymous("POST", `/api/public/check-in/${token}`, driver(taken))).statusCode,
    ).toBe(200);
    const later = await todayLine({ bookedDate: new Date(Date.now() + 48 * 3_600_000) });
    const answers = await Promise.all(
      ["NO-SUCH-REFERENCE", taken, later].map((reference) =>
        anonymous("POST", `/api/public/check-in/${token}`, driver(reference)),
      ),
    );
    for (const answer of answers) {
      expect(answer.statusCode).toBe(404);
      expect(answer.json()).toEqual({ code: "not_found", message: NOT_POSSIBLE });
    }
  });

  it("refuses an unknown token; a new token revokes the old one, and so does DELETE", async () => {
    expect(
      (await anonymous("GET", "/api/public/check-in/not-a-real-token-at-all")).statusCode,
    ).toBe(404);
    expect((await gate("POST", "/api/check-in/page")).statusCode).toBe(403);
    expect((await gate("GET", "/api/check-in/page")).json<CheckInPageAnswer>().token).toBe(token);

    const renewed = (await office("POST", "/api/check-in/page")).json<CheckInPageAnswer>().token;
    expect(renewed).not.toBe(token);
    expect((await anonymous("GET", `/api/public/check-in/${token}`)).statusCode).toBe(404);
    const code = await todayLine();
    expect(
      (await anonymous("POST", `/api/public/check-in/${token}`, driver(code))).statusCode,
    ).toBe(404);
    expect((await anonymous("GET", `/api/public/check-in/${renewed}`)).statusCode).toBe(200);

    expect((await office("DELETE", "/api/check-in/page")).statusCode).toBe(204);
    expect((await anonymous("GET", `/api/public/check-in/${renewed}`)).statusCode).toBe(404);
    expect((await office("GET", "/api/check-in/page")).json<CheckInPageAnswer>().token).toBeNull();
    token = (await office("POST", "/api/check-in/page")).json<CheckInPageAnswer>().token ?? "";
  });

  it("limits requests per address", async () => {
    const answers = [];
    for (let index = 0; index < 11; index++) {
      answers.push(
        await anonymous("POST", `/api/public/check-in/${token}`, driver("NOPE"), "10.9.9.9"),
      );
    }
    expect(answers.slice(0, 10).map((answer) => answer.statusCode)).toEqual(Array(10).fill(404));
    const limited = answers[10];
    expect(limited?.statusCode).toBe(429);
    expect(Number(limited?.headers["retry-after"])).toBeGreaterThan(0);
    // Another address is not held back.
    expect((await anonymous("GET", `/api/public/check-in/${token}`)).statusCode).toBe(200);
  });
});
