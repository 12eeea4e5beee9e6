import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointWithSecret,
} from "../../../../shared/contract/webhooks";
import { PLAIN, TRW } from "../../../db/demo-data";
import { webhookEvents } from "../../../db/schema/integrations";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";
import {
  fastWebhooks,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/webhook-receiver";

/** Webhooks (issue 28) against a real local receiver, with the delivery worker running. */
let t: TestApp;
let receiver: WebhookReceiver;
let plain: number;
let admin: Caller;
let office: Caller;
const made: number[] = [];

const EXPEDITION = 1;
const READY = 10;
// Far above any answer's time on a loaded machine: only the timeout test below cuts attempts.
const fast = fastWebhooks(30_000);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  t = await createTestApp({ config: { webhooks: fast } });
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  office = await callerFor(t, "office", plain);
});
afterEach(async () => {
  for (const id of made.splice(0)) await admin("DELETE", `/api/webhook/${id}`);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function endpoint(path: string, events: string[] = ["shipment.status_changed"]) {
  const response = await admin("POST", "/api/webhook", { url: receiver.url(path), events });
  expect(response.statusCode, response.body).toBe(201);
  const created = response.json<WebhookEndpointWithSecret>();
  made.push(created.id);
  return created;
}

async function setStatus(id: number, status: number) {
  const response = await office("PATCH", `/api/expedition/${id}`, { status });
  expect(response.statusCode, response.body).toBe(200);
}

async function deliveries(endpointId: number): Promise<WebhookDelivery[]> {
  const response = await admin("GET", `/api/webhook/${endpointId}/delivery`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json<{ results: WebhookDelivery[] }>().results;
}

describe("webhook endpoints", () => {
  it("answers the secret once, and only admins signed in manage endpoints", async () => {
    const created = await endpoint("/admin");
    expect(created.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{40,}$/);
    const listed = (await admin("GET", "/api/webhook")).json<Record<string, unknown>[]>();
    expect(listed.find((row) => row.id === created.id)).not.toHaveProperty("secret");
    expect((await office("GET", "/api/webhook")).statusCode).toBe(403);
    expect(
      (await office("POST", "/api/webhook", { url: receiver.url(), events: ["shipment.created"] }))
        .statusCode,
    ).toBe(403);
    const rotated = await admin("POST", `/api/webhook/${created.id}/rotate-secret`);
    expect(rotated.statusCode, rotated.body).toBe(200);
    expect(rotated.json<WebhookEndpointWithSecret>().secret).not.toBe(created.secret);
  });
});

describe("delivery", () => {
  it("posts a signed status change that an independent Standard Webhooks library verifies", async () => {
    const hook = await endpoint("/signed");
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    await setStatus(id, READY);
    const [got] = await receiver.waitFor("/signed", 1);
    if (!got) throw new Error("nothing received");
    const verified = new Webhook(hook.secret).verify(
      got.body,
      got.headers as Record<string, string>,
    );
    expect(verified).toMatchObject({
      type: "shipment.status_changed",
      company: { id: plain },
      actor: { type: "user", username: "office" },
      data: { id, status: { id: READY } },
      changes: { status: { new: READY } },
    });
    expect(got.headers["webhook-id"]).toBe(got.json.id);
    expect(() =>
      new Webhook(`whsec_${Buffer.from("another secret!!").toString("base64")}`).verify(
        got.body,
        got.headers as Record<string, string>,
      ),
    ).toThrow();
    await t.app.webhookWorker?.idle();
    const [log] = await deliveries(hook.id);
    expect(log).toMatchObject({
      state: "delivered",
      attempts: 1,
      response_status: 200,
      event_id: got.json.id,
    });
  });

  it("retries after 500, with the same webhook-id, until delivered", async () => {
    const hook = await endpoint("/flaky");
    receiver.answer("/flaky", 500, 500);
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    await setStatus(id, READY);
    const got = await receiver.waitFor("/flaky", 3);
    expect(new Set(got.map((entry) => entry.headers["webhook-id"])).size).toBe(1);
    await t.app.webhookWorker?.idle();
    const [log] = await deliveries(hook.id);
    expect(log).toMatchObject({ state: "delivered", attempts: 3, response_status: 200 });
  });

  it("keeps the order of one line's events while the receiver fails", async () => {
    await endpoint("/ordered", ["shipment.updated", "shipment.status_changed"]);
    receiver.answer("/ordered", 500, 500);
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    for (const status of [READY, 1, READY, 1]) await setStatus(id, status);
    const got = await receiver.waitFor("/ordered", 6);
    const versions = got.map((entry) => entry.json.data.version as number);
    // The first event is tried three times (500, 500, 200) before any later one goes out.
    expect(versions).toEqual([2, 2, 2, 3, 4, 5]);
  });

  it("does not follow redirects, and a hanging receiver does not hold another endpoint", async () => {
    const slow = await endpoint("/hangs");
    await endpoint("/quick");
    // Held open until released: no timing, the worker's timeout is far away.
    receiver.answer("/hangs", "hold");
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    await setStatus(id, READY);
    await receiver.waitFor("/hangs", 1);
    await receiver.waitFor("/quick", 1);
    expect(receiver.held("/hangs")).toBe(1);
    receiver.release("/hangs", { redirect: receiver.url("/target") });
    // The redirect is a failed attempt; the next one gets the receiver's 200.
    await receiver.waitFor("/hangs", 2);
    await t.app.webhookWorker?.idle();
    expect(receiver.received.filter((entry) => entry.path === "/target")).toHaveLength(0);
    const [log] = await deliveries(slow.id);
    expect(log).toMatchObject({ state: "delivered", attempts: 2, response_status: 200 });
  });

  it("sends a ping, and sends a delivery again with its webhook-id", async () => {
    const hook = await endpoint("/ping");
    const ping = await admin("POST", `/api/webhook/${hook.id}/ping`);
    expect(ping.statusCode, ping.body).toBe(202);
    const [first] = await receiver.waitFor("/ping", 1);
    expect(first?.json.type).toBe("webhook.ping");
    await t.app.webhookWorker?.idle();
    const [log] = await deliveries(hook.id);
    if (!log) throw new Error("no delivery");
    const again = await admin("POST", `/api/webhook/${hook.id}/delivery/${log.id}/resend`);
    expect(again.statusCode, again.body).toBe(202);
    const [, second] = await receiver.waitFor("/ping", 2);
    expect(second?.headers["webhook-id"]).toBe(first?.headers["webhook-id"]);
  });

  it("emits nothing for a company without endpoints, and no event for another company", async () => {
    await endpoint("/plain-only", ["shipment.status_changed"]);
    const trw = await t.companyId(TRW);
    const before = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, trw));
    const trwAdmin = await callerFor(t, "admin", trw);
    const other = await insertLine(t.app.db, trw, EXPEDITION);
    const response = await trwAdmin("PATCH", `/api/expedition/${other}`, { status: READY });
    expect(response.statusCode, response.body).toBe(200);
    const after = await t.app.db
      .select()
      .from(webhookEvents)
      .where(eq(webhookEvents.companyId, trw));
    expect(after.length).toBe(before.length);
  });
});

describe("a receiver that never answers", () => {
  let short: TestApp;
  beforeAll(async () => {
    short = await createTestApp({ config: { webhooks: fastWebhooks(1000) } });
  });
  afterAll(async () => {
    await short?.close();
  });

  it("is cut at the timeout and tried again with the same webhook-id until delivered", async () => {
    const shortAdmin = await callerFor(short, "admin", await short.companyId(PLAIN));
    const shortOffice = await callerFor(short, "office", await short.companyId(PLAIN));
    const created = await shortAdmin("POST", "/api/webhook", {
      url: receiver.url("/timeout"),
      events: ["shipment.status_changed"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const hook = created.json<WebhookEndpointWithSecret>();
    receiver.answer("/timeout", "hang");
    const id = await insertLine(short.app.db, await short.companyId(PLAIN), EXPEDITION);
    const patched = await shortOffice("PATCH", `/api/expedition/${id}`, { status: READY });
    expect(patched.statusCode, patched.body).toBe(200);
    const got = await receiver.waitFor("/timeout", 2);
    expect(new Set(got.map((entry) => entry.headers["webhook-id"])).size).toBe(1);
    // A loaded machine may cut a 200 too and try again later: wait for the log to say so.
    const logOf = async () =>
      (await shortAdmin("GET", `/api/webhook/${hook.id}/delivery`)).json<{
        results: WebhookDelivery[];
      }>().results[0];
    await expect.poll(async () => (await logOf())?.state, { timeout: 20_000 }).toBe("delivered");
    const log = await logOf();
    expect(log?.response_status).toBe(200);
    expect(log?.attempts).toBeGreaterThanOrEqual(2);
  });
});

describe("endpoint list", () => {
  it("is scoped to the company", async () => {
    const hook = await endpoint("/scoped");
    const trwAdmin = await callerFor(t, "admin", await t.companyId(TRW));
    const listed = (await trwAdmin("GET", "/api/webhook")).json<WebhookEndpoint[]>();
    expect(listed.map((row) => row.id)).not.toContain(hook.id);
    expect((await trwAdmin("GET", `/api/webhook/${hook.id}/delivery`)).statusCode).toBe(404);
  });
});
