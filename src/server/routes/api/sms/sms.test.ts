import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import type { Shipper, SmsMessage } from "../../../../shared/contract/trucks";
import { loadConfig } from "../../../config";
import { BW, KL, PLAIN } from "../../../db/demo-data";
import { smsSendHits } from "../../../db/schema/sms-limits";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { type FakeGateway, startFakeGateway } from "../../../test/fake-sms-gateway";
import { createTestApp, type TestApp, testConfig } from "../../../test/harness";

interface SmsList {
  count: number;
  results: SmsMessage[];
}

async function truckWithPhone(caller: Caller, phone: string | null = "+34612345678") {
  return caller.create({ plate: uniquePlate("SMS"), name: "Sms Carrier", phone });
}

/** These tests send several SMS to one truck in a row: the 10 s truck interval is off. */
const NO_TRUCK_INTERVAL = { ...testConfig().limits, smsTruckIntervalSeconds: 0 };

describe("SMS through the log provider (the default)", () => {
  let t: TestApp;
  let office: Caller;

  beforeAll(async () => {
    t = await createTestApp({ config: { limits: NO_TRUCK_INTERVAL } });
    office = await callerFor(t, "office", await t.companyId(BW));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("logs the message, stores it as sent and answers 201 with it", async () => {
    const info = vi.spyOn(t.app.log, "info");
    const truck = await truckWithPhone(office);
    const response = await office("POST", `/api/shipper/${truck.id}/sms`, {
      message: "  Go to dock 4, please  ",
    });
    expect(response.statusCode, response.body).toBe(201);
    const sms = response.json<SmsMessage>();
    expect(sms).toEqual({
      id: expect.any(Number),
      shipper: truck.id,
      shipment: null,
      to: "+34612345678",
      body: "Go to dock 4, please",
      status: "sent",
      provider: "log",
      error: null,
      gateway_status: null,
      user: expect.any(Number),
      created: expect.any(String),
    });
    expect(info).toHaveBeenCalledWith(
      { sms: { to: "+34612345678", body: "Go to dock 4, please" } },
      expect.stringContaining("SMS"),
    );
    info.mockRestore();
  });

  it("lists a truck's messages newest first (GET /api/sms?shipper=)", async () => {
    const truck = await truckWithPhone(office, "+351912345678");
    const other = await truckWithPhone(office, "+447912345678");
    for (const message of ["first", "second", "third"]) {
      await office("POST", `/api/shipper/${truck.id}/sms`, { message });
    }
    await office("POST", `/api/shipper/${other.id}/sms`, { message: "elsewhere" });
    const response = await office("GET", `/api/sms?shipper=${truck.id}`);
    expect(response.statusCode).toBe(200);
    const body = response.json<SmsList>();
    expect(body.count).toBe(3);
    expect(body.results.map((sms) => sms.body)).toEqual(["third", "second", "first"]);
    expect(body.results.every((sms) => sms.to === "+351912345678")).toBe(true);
    const paged = (await office("GET", `/api/sms?shipper=${truck.id}&page=2&page_size=2`)).json();
    expect(paged.results.map((sms: SmsMessage) => sms.body)).toEqual(["first"]);
    const all = (await office("GET", "/api/sms?page_size=100")).json<SmsList>();
    expect(all.count).toBeGreaterThanOrEqual(4);
  });

  it("keeps the log when the truck is deleted, detached from it", async () => {
    const truck = await truckWithPhone(office);
    await office("POST", `/api/shipper/${truck.id}/sms`, { message: "before deletion" });
    expect((await office("DELETE", `/api/shipper/${truck.id}`)).statusCode).toBe(204);
    const all = (await office("GET", "/api/sms?page_size=100")).json<SmsList>();
    const kept = all.results.find((sms) => sms.body === "before deletion");
    expect(kept).toMatchObject({ shipper: null, to: "+34612345678", status: "sent" });
  });

  it("refuses a truck without a phone (fields.phone) and a blank or long message", async () => {
    const silent = await truckWithPhone(office, null);
    const noPhone = await office("POST", `/api/shipper/${silent.id}/sms`, { message: "hello" });
    expect(noPhone.statusCode).toBe(400);
    expect(noPhone.json()).toMatchObject({
      code: "validation_error",
      fields: { phone: ["The truck has no phone number"] },
    });
    const truck = await truckWithPhone(office);
    for (const message of ["   ", "x".repeat(481)]) {
      const response = await office("POST", `/api/shipper/${truck.id}/sms`, { message });
      expect(response.statusCode).toBe(400);
      expect(response.json().fields).toHaveProperty("message");
    }
    const none = await office("GET", `/api/sms?shipper=${silent.id}`);
    expect(none.json()).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("answers 404 for an unknown truck or one of another company; other companies see no log", async () => {
    const truck = await truckWithPhone(office);
    await office("POST", `/api/shipper/${truck.id}/sms`, { message: "private" });
    expect((await office("POST", "/api/shipper/987654/sms", { message: "x" })).statusCode).toBe(
      404,
    );
    const kl = await callerFor(t, "admin", await t.companyId(KL));
    expect((await kl("POST", `/api/shipper/${truck.id}/sms`, { message: "x" })).statusCode).toBe(
      404,
    );
    const foreignLog = (await kl("GET", `/api/sms?shipper=${truck.id}`)).json<SmsList>();
    expect(foreignLog).toEqual({ count: 0, next: null, previous: null, results: [] });
  });

  it("requires editTruck to send; reading the log is open to members", async () => {
    const plain = await t.companyId(PLAIN);
    const target = await truckWithPhone(await callerFor(t, "office", plain));
    for (const username of ["guard", "readonly", "kiosk", "forklift", "provider"]) {
      const caller = await callerFor(t, username, plain);
      const response = await caller("POST", `/api/shipper/${target.id}/sms`, { message: "x" });
      expect(response.statusCode, username).toBe(403);
      expect(response.json().code).toBe("forbidden");
      expect((await caller("GET", `/api/sms?shipper=${target.id}`)).statusCode).toBe(200);
    }
    const admin = await callerFor(t, "admin", plain);
    expect((await admin("GET", `/api/sms?shipper=${target.id}`)).json().count).toBe(0);
  });
});

describe("SMS through the http provider (a real local gateway)", () => {
  let t: TestApp;
  let gateway: FakeGateway;
  let office: Caller;
  let truck: Shipper;

  beforeAll(async () => {
    gateway = await startFakeGateway();
    const { sms } = loadConfig({
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: `${gateway.url}/v1/messages?account=yard`,
      SMS_HTTP_USERNAME: "yard-user",
      SMS_HTTP_PASSWORD: "s3cret:with colon",
      SMS_HTTP_BODY_TEMPLATE: '{"destination":"{{to}}","text":"{{body}}","sender":"{{from}}"}',
      SMS_FROM: "YARDLINE",
    });
    t = await createTestApp({ config: { sms, limits: NO_TRUCK_INTERVAL } });
    office = await callerFor(t, "office", await t.companyId(BW));
    truck = await truckWithPhone(office, "+351932112233");
  });
  afterAll(async () => {
    await t?.close();
    await gateway?.close();
  });

  it("sends the rendered JSON template with Basic auth and stores the message as sent", async () => {
    gateway.requests.length = 0;
    gateway.answer = { status: 202, body: '{"id":"gw-77"}', contentType: "application/json" };
    const message = 'Dock "B" & gate 2\nthanks';
    const response = await office("POST", `/api/shipper/${truck.id}/sms`, { message });
    expect(response.statusCode, response.body).toBe(201);
    expect(response.json()).toMatchObject({ status: "sent", provider: "http", error: null });

    expect(gateway.requests).toHaveLength(1);
    const [received] = gateway.requests;
    expect(received?.method).toBe("POST");
    expect(received?.url).toBe("/v1/messages?account=yard");
    expect(received?.headers["content-type"]).toContain("application/json");
    const basic = Buffer.from("yard-user:s3cret:with colon").toString("base64");
    expect(received?.headers.authorization).toBe(`Basic ${basic}`);
    expect(JSON.parse(received?.body ?? "")).toEqual({
      destination: "+351932112233",
      text: message,
      sender: "YARDLINE",
    });
  });

  it("a refusal (500) answers 502 sms_failed with the stored failed message", async () => {
    gateway.answer = { status: 500, body: "quota exceeded for account yard" };
    const response = await office("POST", `/api/shipper/${truck.id}/sms`, { message: "late" });
    expect(response.statusCode).toBe(502);
    const body = response.json();
    expect(body).toEqual({
      code: "sms_failed",
      message: "The SMS gateway refused the message: HTTP 500: quota exceeded for account yard",
      sms: expect.objectContaining({
        status: "failed",
        provider: "http",
        body: "late",
        error: "quota exceeded for account yard",
        gateway_status: 500,
        shipper: truck.id,
      }),
    });
    const log = (await office("GET", `/api/sms?shipper=${truck.id}`)).json<SmsList>();
    expect(log.results[0]).toEqual(body.sms);
  });

  it("keeps only the first 500 characters of a long answer", async () => {
    gateway.answer = { status: 400, body: `${"e".repeat(700)}` };
    const response = await office("POST", `/api/shipper/${truck.id}/sms`, { message: "long" });
    expect(response.statusCode).toBe(502);
    expect(response.json().sms.error).toBe("e".repeat(500));
    expect(response.json().sms.gateway_status).toBe(400);
  });
});

describe("SMS disabled by the runtime configuration", () => {
  let t: TestApp;
  let office: Caller;

  beforeAll(async () => {
    t = await createTestApp({
      config: { runtime: { ...testConfig().runtime, smsEnabled: false } },
    });
    office = await callerFor(t, "office", await t.companyId(BW));
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 409 sms_disabled on every SMS route and sends nothing", async () => {
    const truck = await truckWithPhone(office);
    const send = await office("POST", `/api/shipper/${truck.id}/sms`, { message: "hi" });
    expect(send.statusCode).toBe(409);
    expect(send.json()).toEqual({
      code: "sms_disabled",
      message: "Sending SMS is disabled on this server",
    });
    const log = await office("GET", "/api/sms");
    expect(log.statusCode).toBe(409);
    expect(log.json().code).toBe("sms_disabled");
    // Trucks themselves still work.
    expect((await office("GET", `/api/shipper/${truck.id}`)).statusCode).toBe(200);
  });
});

describe("SMS limits: one per truck every 10 s, a few per user per minute", () => {
  let t: TestApp;
  let office: Caller;
  let admin: Caller;
  const PER_MINUTE = 3;

  beforeAll(async () => {
    t = await createTestApp({
      config: { limits: { ...testConfig().limits, smsMaxPerUserPerMinute: PER_MINUTE } },
    });
    const bw = await t.companyId(BW);
    office = await callerFor(t, "office", bw);
    admin = await callerFor(t, "admin", bw);
  });
  afterAll(async () => {
    await t?.close();
  });

  const send = (caller: Caller, truck: Shipper, message = "dock 3") =>
    caller("POST", `/api/shipper/${truck.id}/sms`, { message });
  const logOf = async (truck: Shipper) =>
    (await office("GET", `/api/sms?shipper=${truck.id}`)).json<SmsList>().count;
  const retryAfter = (response: { headers: Record<string, unknown> }) =>
    Number(response.headers["retry-after"]);

  it("refuses a second SMS to the same truck within 10 s (429 + Retry-After), then the user's 4th in a minute", async () => {
    const first = await truckWithPhone(office);
    const second = await truckWithPhone(office);
    expect((await send(office, first)).statusCode).toBe(201);
    const again = await send(office, first, "again");
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: "rate_limited" });
    expect(retryAfter(again)).toBeGreaterThanOrEqual(1);
    expect(retryAfter(again)).toBeLessThanOrEqual(10);
    // Nothing was sent or stored for the refused one; another truck is fine.
    expect(await logOf(first)).toBe(1);
    expect((await send(office, second)).statusCode).toBe(201);

    // 11 s later (the hits moved back in time) the truck takes an SMS again...
    await t.app.db.execute(
      sql`update ${smsSendHits} set created_at = created_at - interval '11 seconds'`,
    );
    expect((await send(office, first, "later")).statusCode).toBe(201);
    // ...but that was this user's 3rd within the minute: a 4th waits for the minute to pass.
    const third = await truckWithPhone(office);
    const tooMany = await send(office, third);
    expect(tooMany.statusCode).toBe(429);
    expect(tooMany.json()).toMatchObject({ code: "rate_limited" });
    expect(retryAfter(tooMany)).toBeGreaterThan(10);
    expect(retryAfter(tooMany)).toBeLessThanOrEqual(60);
    expect(await logOf(third)).toBe(0);
    // Another user is counted on their own.
    expect((await send(admin, third)).statusCode).toBe(201);
  });

  it("lets exactly one of five simultaneous SMS to one truck through", async () => {
    const truck = await truckWithPhone(office);
    const answers = await Promise.all([1, 2, 3, 4, 5].map((n) => send(admin, truck, `race ${n}`)));
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 429, 429, 429, 429]);
    expect(await logOf(truck)).toBe(1);
  });
});
