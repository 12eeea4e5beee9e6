import { once } from "node:events";
import { request as httpRequest, type IncomingMessage } from "node:http";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { loadConfig } from "../config";
import { PLAIN } from "../db/demo-data";
import { webhookEndpoints } from "../db/schema/integrations";
import { type Caller, callerFor } from "../test/api-caller";
import { type FakeGateway, startFakeGateway } from "../test/fake-sms-gateway";
import { createTestApp, type TestApp, testConfig } from "../test/harness";
import { insertLine } from "../test/shipments";
import { startTestSmtpServer, type TestSmtpServer } from "../test/smtp-server";

/** GET /metrics: off by default, behind METRICS_TOKEN, and its figures move with the work. */
const TOKEN = "metrics-token-0123456789abcdef";

/** A write that waits until released: its Idempotency-Key claim stays in flight meanwhile. */
let release: () => void = () => undefined;
const heldWrite: FastifyPluginAsyncZod = async (api) => {
  api.post("/test/held", {
    schema: { body: z.object({ n: z.number() }) },
    handler: async (_request, reply) => {
      await new Promise<void>((resolve) => {
        release = resolve;
      });
      return reply.code(201).send({ ok: true });
    },
  });
};

function value(text: string, series: string): number | undefined {
  const line = text.split("\n").find((each) => each.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe("metrics off (no METRICS_TOKEN)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("answers 404", async () => {
    const response = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().code).toBe("not_found");
  });

  it("is documented in the OpenAPI document with /healthz and /readyz", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json<{
      paths: Record<string, { get?: { security?: unknown; responses?: unknown } }>;
      components: { securitySchemes: Record<string, unknown> };
    }>();
    expect(doc.paths["/metrics"]?.get?.security).toEqual([{ metricsToken: [] }]);
    expect(doc.paths["/metrics"]?.get).toMatchObject({
      responses: { 200: { content: { "text/plain": { schema: { type: "string" } } } } },
    });
    expect(doc.components.securitySchemes.metricsToken).toMatchObject({ scheme: "bearer" });
    expect(doc.paths["/readyz"]?.get).toBeDefined();
    expect(doc.paths["/healthz"]?.get).toBeDefined();
  });
});

describe("metrics behind METRICS_TOKEN", () => {
  let t: TestApp;
  let smtp: TestSmtpServer;
  let gateway: FakeGateway;
  let office: Caller;
  const scrape = async () => {
    const response = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/plain/);
    return response.body;
  };

  beforeAll(async () => {
    smtp = await startTestSmtpServer();
    gateway = await startFakeGateway();
    const base = testConfig();
    const { sms } = loadConfig({ SMS_PROVIDER: "http", SMS_HTTP_URL: `${gateway.url}/send` });
    t = await createTestApp({
      extendApi: heldWrite,
      config: {
        metricsToken: TOKEN,
        sms,
        limits: { ...base.limits, smsTruckIntervalSeconds: 0 },
        mail: smtp.mailConfig,
        contact: { ...base.contact, mailTo: ["sales@yardline.test"], minFillMs: 0 },
        rateLimit: { ...base.rateLimit, maxFailuresPerUser: 1 },
        // The worker stays off: deliveries wait in the outbox. A local endpoint is allowed.
        webhooks: { ...base.webhooks, allowHttp: true, allowPrivate: true },
      },
    });
    office = await callerFor(t, "office", await t.companyId(PLAIN));
  });
  afterAll(async () => {
    await t?.close();
    await smtp?.close();
    await gateway?.close();
  });

  it("needs the token", async () => {
    const none = await t.app.inject({ url: "/metrics" });
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("not_authenticated");
    const wrong = await t.app.inject({
      url: "/metrics",
      headers: { authorization: `Bearer ${TOKEN.replace("0", "1")}` },
    });
    expect(wrong.statusCode).toBe(401);
  });

  it("counts requests by route pattern and status, never by raw URL", async () => {
    const series =
      'yardline_http_requests_total{method="GET",route="/api/shipper/:id",status="404"}';
    const before = value(await scrape(), series) ?? 0;
    expect((await office("GET", "/api/shipper/987654")).statusCode).toBe(404);
    expect((await office("GET", "/api/shipper/987655")).statusCode).toBe(404);
    const text = await scrape();
    expect(value(text, series)).toBe(before + 2);
    // As a path, not as digits: a sample's value may hold any digits (a GC duration once held
    // "4711": 0.04711695…).
    expect(text).not.toContain("/api/shipper/987654");
    expect(
      value(
        text,
        'yardline_http_request_duration_seconds_count{method="GET",route="/api/shipper/:id",status="404"}',
      ),
    ).toBe(before + 2);
    await t.app.inject({ url: "/no/such/page/4711" });
    const unmatched = await scrape();
    expect(unmatched).toContain('route="(unmatched)",status="404"');
    expect(unmatched).not.toContain("/no/such/page");
    expect(unmatched).toContain("process_cpu_seconds_total");
  });

  it("counts logins refused by the limiter", async () => {
    const wrong = { username: "forklift", password: "not-the-password" };
    const answers: number[] = [];
    for (let attempt = 0; attempt < 3; attempt += 1) {
      const response = await t.app.inject({ method: "POST", url: "/get-token", payload: wrong });
      answers.push(response.statusCode);
    }
    const refused = answers.filter((status) => status === 429).length;
    expect(refused).toBeGreaterThan(0);
    expect(value(await scrape(), "yardline_login_throttled_total")).toBe(refused);
  });

  it("counts SMS and mail sent and failed", async () => {
    const truck = await office.create({
      plate: "MET-4711",
      name: "Metrics",
      phone: "+34612345678",
    });
    const sent = await office("POST", `/api/shipper/${truck.id}/sms`, { message: "Dock 3" });
    expect(sent.statusCode, sent.body).toBe(201);
    gateway.answer = { status: 500, body: "gateway down" };
    const failed = await office("POST", `/api/shipper/${truck.id}/sms`, { message: "Dock 4" });
    expect(failed.statusCode, failed.body).toBe(502);
    const contact = () =>
      t.app.inject({
        method: "POST",
        url: "/api/contact",
        payload: {
          name: "Ops",
          email: "ops@example.com",
          company: "Acme",
          accept_terms: true,
          elapsed_ms: 20_000,
        },
      });
    expect((await contact()).statusCode).toBe(201);
    await smtp.waitFor(1);
    const text = await scrape();
    expect(value(text, 'yardline_sms_messages_total{result="sent"}')).toBe(1);
    expect(value(text, 'yardline_sms_messages_total{result="failed"}')).toBe(1);
    expect(value(text, 'yardline_mail_messages_total{result="sent"}')).toBe(1);
    expect(value(text, 'yardline_mail_messages_total{result="failed"}')).toBe(0);
    await smtp.close();
    expect((await contact()).statusCode).toBe(201); // stored; the mail could not go
    await expect
      .poll(async () => value(await scrape(), 'yardline_mail_messages_total{result="failed"}'))
      .toBe(1);
    expect(value(await scrape(), 'yardline_mail_messages_total{result="sent"}')).toBe(1);
  });

  it("shows Idempotency-Key claims in flight and open event streams", async () => {
    const write = office("POST", "/api/test/held", { n: 1 }, { "idempotency-key": "held-1" });
    await expect
      .poll(async () => value(await scrape(), "yardline_idempotency_claims_in_flight"))
      .toBe(1);
    release();
    expect((await write).statusCode).toBe(201);
    expect(value(await scrape(), "yardline_idempotency_claims_in_flight")).toBe(0);

    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const { token } = await t.login("office");
    const stream = httpRequest({
      host: "127.0.0.1",
      port,
      path: "/api/events",
      headers: { authorization: `Bearer ${token}`, company: String(await t.companyId(PLAIN)) },
    });
    stream.end();
    const [answer] = (await once(stream, "response")) as [IncomingMessage];
    expect(answer.statusCode).toBe(200);
    await expect.poll(async () => value(await scrape(), "yardline_event_stream_clients")).toBe(1);
    answer.destroy();
    await expect.poll(async () => value(await scrape(), "yardline_event_stream_clients")).toBe(0);

    const text = await scrape();
    const idle = value(text, 'yardline_db_pool_connections{state="idle"}');
    if (t.config.databaseUrl) {
      expect(idle).toBeGreaterThan(0);
      expect(value(text, "yardline_db_pool_waiting")).toBe(0);
    } else {
      expect(text).not.toContain("yardline_db_pool");
    }
  });

  it("shows the webhook outbox: deliveries pending, the oldest one's age, failing endpoints", async () => {
    const plain = await t.companyId(PLAIN);
    const admin = await callerFor(t, "admin", plain);
    const before = await scrape();
    const pending = value(before, "yardline_webhook_deliveries_pending") ?? -1;
    expect(pending).toBeGreaterThanOrEqual(0);
    const created = await admin("POST", "/api/webhook", {
      url: "http://127.0.0.1:9/never-sent",
      events: ["shipment.status_changed"],
    });
    expect(created.statusCode, created.body).toBe(201);
    const line = await insertLine(t.app.db, plain, 1);
    const patched = await office("PATCH", `/api/expedition/${line}`, { status: 10 });
    expect(patched.statusCode, patched.body).toBe(200);
    const waiting = await scrape();
    expect(value(waiting, "yardline_webhook_deliveries_pending")).toBe(pending + 1);
    expect(value(waiting, "yardline_webhook_oldest_pending_seconds")).toBeGreaterThanOrEqual(0);
    const failing = value(waiting, "yardline_webhook_endpoints_failing") ?? -1;
    await t.app.db
      .update(webhookEndpoints)
      .set({ failingSince: new Date() })
      .where(eq(webhookEndpoints.id, created.json<{ id: number }>().id));
    expect(value(await scrape(), "yardline_webhook_endpoints_failing")).toBe(failing + 1);
  });
});
