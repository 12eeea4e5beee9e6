import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import type { SmsMessage } from "../../../../shared/contract/trucks";
import { PLAIN } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp, testConfig } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";

/**
 * SMS from a line (issue 25; spec 02 section 7: "SMS: send {id, message, base path expedition
 * or reception}"): to the phone of the line's truck, logged with truck and line, under the
 * truck's limits.
 */
let t: TestApp;
let office: Caller;
let readOnly: Caller;
let plain: number;

beforeAll(async () => {
  t = await createTestApp({ config: { limits: { ...testConfig().limits } } });
  plain = await t.companyId(PLAIN);
  office = await callerFor(t, "office", plain);
  readOnly = await callerFor(t, "readonly", plain);
});
afterAll(async () => {
  await t?.close();
});

async function receptionWithTruck(phone: string | null): Promise<{ line: number; truck: number }> {
  const truck = await office.create({ plate: uniquePlate("LSM"), name: "Line Carrier", phone });
  const line = await insertLine(t.app.db, plain, SHIPMENT_TYPE.reception, {
    shipperId: truck.id,
  });
  return { line, truck: truck.id };
}

describe("POST api/{expedition|reception}/{id}/sms", () => {
  it("sends to the line's truck, logs it with the line, then locks the truck for 10 s", async () => {
    const { line, truck } = await receptionWithTruck("+34612345678");
    const sent = await office("POST", `/api/reception/${line}/sms`, { message: "Dock 4" });
    expect(sent.statusCode, sent.body).toBe(201);
    expect(sent.json<SmsMessage>()).toMatchObject({
      shipper: truck,
      shipment: line,
      to: "+34612345678",
      body: "Dock 4",
      status: "sent",
    });
    const again = await office("POST", `/api/reception/${line}/sms`, { message: "Again" });
    expect(again.statusCode, again.body).toBe(429);
    expect(again.json<{ code: string }>().code).toBe("rate_limited");
    const log = await office("GET", `/api/sms?shipper=${truck}`);
    expect(log.json<{ count: number }>().count).toBe(1);
  });

  it("answers 400 on the phone for a line whose truck has none, 404 on the other type", async () => {
    const { line } = await receptionWithTruck(null);
    const noPhone = await office("POST", `/api/reception/${line}/sms`, { message: "Hi" });
    expect(noPhone.statusCode, noPhone.body).toBe(400);
    expect(noPhone.body).toContain("phone");
    const wrongType = await office("POST", `/api/expedition/${line}/sms`, { message: "Hi" });
    expect(wrongType.statusCode, wrongType.body).toBe(404);
  });

  it("needs the line's edit permission: read-only users send nothing", async () => {
    const { line, truck } = await receptionWithTruck("+34612345679");
    const refused = await readOnly("POST", `/api/reception/${line}/sms`, { message: "Hi" });
    expect(refused.statusCode, refused.body).toBe(403);
    const log = await office("GET", `/api/sms?shipper=${truck}`);
    expect(log.json<{ count: number }>().count).toBe(0);
  });
});
