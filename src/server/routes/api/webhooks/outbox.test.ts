import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEndpointWithSecret } from "../../../../shared/contract/webhooks";
import { WEBHOOK_EVENTS } from "../../../../shared/contract/webhooks";
import { buildApp } from "../../../app";
import { PLAIN, TRW } from "../../../db/demo-data";
import { companies } from "../../../db/schema/companies";
import { webhookDeliveries } from "../../../db/schema/integrations";
import { postDelivery } from "../../../services/webhooks/sender";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import {
  createScratchStorage,
  createTestApp,
  type TestApp,
  testConfig,
} from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";
import {
  fastWebhooks,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/webhook-receiver";

/**
 * The outbox (issue 28): every kind of change emits its event in its transaction, a delivery
 * outlives the instance that committed it, and targets inside the network are refused.
 */
let receiver: WebhookReceiver;
const EXPEDITION = 1;
const READY = 10;
// Far above any answer's time on a loaded machine: a cut 200 would be sent twice.
const fast = fastWebhooks(30_000);

beforeAll(async () => {
  receiver = await startWebhookReceiver();
});
afterAll(async () => {
  await receiver?.close();
});

async function subscribe(caller: Caller, path: string) {
  const response = await caller("POST", "/api/webhook", {
    url: receiver.url(path),
    events: [...WEBHOOK_EVENTS],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

describe("events of every kind of change", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ config: { webhooks: fast } });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("tells of line creation, deletion, check-in and check-out, in order per entity", async () => {
    const plain = await t.companyId(PLAIN);
    const admin = await callerFor(t, "admin", plain);
    const gate = await callerFor(t, "truckaccess", plain);
    await subscribe(admin, "/lines");
    const created = await admin("POST", "/api/expedition", {
      code: `WH-${Date.now()}`,
      booked_date: new Date(Date.UTC(2031, 5, 1, 9)).toISOString(),
      client: await clientId(t.app.db, plain, "NORTE RETAIL"),
    });
    expect(created.statusCode, created.body).toBe(201);
    const lineId = created.json<{ id: number }>().id;
    expect((await admin("DELETE", `/api/expedition/${lineId}`)).statusCode).toBe(204);

    const hour = new Date();
    hour.setUTCMinutes(0, 0, 0);
    const today = await insertLine(t.app.db, plain, EXPEDITION, {
      code: `WHG-${Date.now()}`,
      bookedDate: hour,
    });
    const plate = uniquePlate("WHK");
    const checkIn = await gate("PUT", `/api/check-in/uid/${randomUUID()}`, {
      line: today,
      type: 1,
      truck: { plate, name: "Hook Driver", phone: "+34612345678" },
    });
    expect(checkIn.statusCode, checkIn.body).toBe(201);
    const out = await gate("PUT", `/api/check-out/uid/${randomUUID()}`, { plate });
    expect(out.statusCode, out.body).toBe(201);

    const got = await receiver.waitFor("/lines", 6);
    const of = (id: number) =>
      got.filter((entry) => entry.json.type.startsWith("shipment.") && entry.json.data.id === id);
    expect(of(lineId).map((entry) => entry.json.type)).toEqual([
      "shipment.created",
      "shipment.deleted",
    ]);
    expect(of(today).map((entry) => entry.json.type)).toEqual([
      "shipment.updated",
      "shipment.updated",
    ]);
    const trucks = got.filter((entry) => entry.json.type.startsWith("truck."));
    expect(trucks.map((entry) => [entry.json.type, entry.json.data.plate])).toEqual([
      ["truck.checked_in", plate],
      ["truck.checked_out", plate],
    ]);
    expect(trucks[0]?.json.actor).toMatchObject({ type: "user", username: "truckaccess" });
  });

  it("tells of critical lines created, updated and deleted", async () => {
    const trw = await t.companyId(TRW);
    const admin = await callerFor(t, "admin", trw);
    await subscribe(admin, "/critical");
    const values = {
      init_date: "2031-03-01T08:00:00Z",
      end_date: "2031-03-01T16:00:00Z",
      cause: "Hook",
      activity: "Testing",
      line: "L-1",
      product: "Widget",
      contact: "Tess",
      destination: "Madrid",
      observations: "",
      provider: "Acme",
      client_name: "Client X",
    };
    const created = await admin("POST", "/api/critical-line", values);
    expect(created.statusCode, created.body).toBe(201);
    const { id } = created.json<{ id: number }>();
    const put = await admin("PUT", `/api/critical-line/${id}`, { ...values, cause: "Changed" });
    expect(put.statusCode, put.body).toBe(200);
    expect((await admin("DELETE", `/api/critical-line/${id}`)).statusCode).toBe(204);
    const got = await receiver.waitFor("/critical", 3);
    expect(got.map((entry) => [entry.json.type, entry.json.data.cause])).toEqual([
      ["critical_line.created", "Hook"],
      ["critical_line.updated", "Changed"],
      ["critical_line.deleted", "Changed"],
    ]);
  });

  it("emits nothing for a change that does not commit (stale If-Match)", async () => {
    const plain = await t.companyId(PLAIN);
    const office = await callerFor(t, "office", plain);
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const before = (await t.app.db.select().from(webhookDeliveries)).length;
    const stale = await office(
      "PATCH",
      `/api/expedition/${id}`,
      { status: READY },
      { "if-match": '"7"' },
    );
    expect(stale.statusCode).toBe(412);
    expect((await t.app.db.select().from(webhookDeliveries)).length).toBe(before);
  });
});

describe("a delivery outlives the instance that committed it", () => {
  it("is sent by a new app on the same database, once per event id", {
    timeout: 120_000,
  }, async () => {
    const scratch = await createScratchStorage();
    try {
      const quiet = testConfig({ ...scratch.storage, webhooks: { ...fast, worker: false } });
      const first = await buildApp({ config: quiet, seed: true, serveClient: false });
      const login = await first.inject({
        method: "POST",
        url: "/get-token",
        payload: { username: "office", password: "yardline" },
      });
      const adminLogin = await first.inject({
        method: "POST",
        url: "/get-token",
        payload: { username: "admin", password: "yardline" },
      });
      const headers = (token: string) => ({ authorization: `Bearer ${token}` });
      const hook = await first.inject({
        method: "POST",
        url: "/api/webhook",
        headers: headers(adminLogin.json().token),
        payload: { url: receiver.url("/restart"), events: ["shipment.status_changed"] },
      });
      expect(hook.statusCode, hook.body).toBe(201);
      const [company] = await first.db
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, PLAIN));
      if (!company) throw new Error("no demo company");
      const lines = await Promise.all(
        [1, 2, 3].map(() => insertLine(first.db, company.id, EXPEDITION)),
      );
      for (const id of lines) {
        const patched = await first.inject({
          method: "PATCH",
          url: `/api/expedition/${id}`,
          headers: headers(login.json().token),
          payload: { status: READY },
        });
        expect(patched.statusCode, patched.body).toBe(200);
      }
      // Committed, never sent: the instance stops here.
      await first.close();
      expect(receiver.received.filter((entry) => entry.path === "/restart")).toHaveLength(0);

      const second = await buildApp({
        config: testConfig({ ...scratch.storage, webhooks: fast }),
        serveClient: false,
      });
      try {
        const got = await receiver.waitFor("/restart", 3);
        // Idle: nothing due or in flight, so no second copy can still come.
        await second.webhookWorker?.idle();
        const ids = receiver.received
          .filter((entry) => entry.path === "/restart")
          .map((entry) => entry.headers["webhook-id"]);
        expect(new Set(ids).size).toBe(3);
        expect(ids).toHaveLength(3);
        expect(got.map((entry) => entry.json.data.id).sort()).toEqual([...lines].sort());
      } finally {
        await second.close();
      }
    } finally {
      await scratch.remove();
    }
  });
});

describe("targets inside the network", () => {
  let t: TestApp;
  let admin: Caller;
  beforeAll(async () => {
    t = await createTestApp();
    admin = await callerFor(t, "admin", await t.companyId(PLAIN));
  });
  afterAll(async () => {
    await t?.close();
  });

  it.each([
    ["http://example.com/hook", "https_required"],
    ["https://127.0.0.1/hook", "private_address"],
    ["https://localhost:8443/hook", "private_address"],
    ["https://[::1]/hook", "private_address"],
    ["https://[::ffff:10.0.0.1]/hook", "private_address"],
    ["https://169.254.169.254/latest/meta-data", "private_address"],
    ["https://192.168.1.20/hook", "private_address"],
    ["ftp://example.com/hook", "invalid"],
  ])("refuses %s (%s)", async (url, code) => {
    const response = await admin("POST", "/api/webhook", { url, events: ["shipment.created"] });
    expect(response.statusCode, response.body).toBe(400);
    expect(response.json().field_codes.url[0].code).toBe(code);
  });

  it("refuses a private address at send time too, by literal and by name", async () => {
    const policy = { allowHttp: true, allowPrivate: false };
    for (const url of [
      receiver.url("/ssrf"),
      receiver.url("/ssrf").replace("127.0.0.1", "localhost"),
    ]) {
      const result = await postDelivery(url, "{}", {}, { policy, timeoutMs: 2000 });
      expect(result.status).toBeNull();
      expect(result.body).toContain("private_address");
    }
    expect(receiver.received.filter((entry) => entry.path === "/ssrf")).toHaveLength(0);
  });
});
