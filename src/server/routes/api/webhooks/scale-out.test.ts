import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { WebhookEndpointWithSecret } from "../../../../shared/contract/webhooks";
import { type App, buildApp } from "../../../app";
import { DEMO_PASSWORD, PLAIN } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, TEST_JWT_SECRET, type TestApp, testConfig } from "../../../test/harness";
import { startServer } from "../../../test/run-script";
import { insertLine } from "../../../test/shipments";
import {
  fastWebhooks,
  type Received,
  startWebhookReceiver,
  type WebhookReceiver,
} from "../../../test/webhook-receiver";

/**
 * Webhooks on more than one instance (issue 28), PostgreSQL only: two apps on one database
 * share the outbox (PGlite is one in-process connection, no second instance can open it), and
 * a real server process killed with SIGKILL after the commit (PGlite's files could be lost).
 */
const EXPEDITION = 1;
const READY = 10;
const PENDING = 1;
const fast = fastWebhooks(30_000);

let t: TestApp;
let receiver: WebhookReceiver;
let plain: number;
let admin: Caller;
let office: Caller;

const onPostgres = Boolean(process.env.DATABASE_URL);

beforeAll(async () => {
  if (!onPostgres) return;
  receiver = await startWebhookReceiver();
  // The test's own app never sends (its worker is off): it registers, changes and reads.
  t = await createTestApp({ config: { webhooks: { ...fast, worker: false } } });
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  office = await callerFor(t, "office", plain);
});
afterAll(async () => {
  await t?.close();
  await receiver?.close();
});

async function endpoint(path: string) {
  const response = await admin("POST", "/api/webhook", {
    url: receiver.url(path),
    events: ["shipment.status_changed"],
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<WebhookEndpointWithSecret>();
}

async function pendingDeliveries(): Promise<number> {
  const result = await t.app.db.execute(
    sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`,
  );
  return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? -1;
}

/** Every event once by webhook-id, and each line's events in the order they were made. */
function expectOncePerEventInOrder(got: Received[], lines: number[], changesPerLine: number) {
  const ids = got.map((entry) => entry.headers["webhook-id"]);
  expect(new Set(ids).size).toBe(ids.length);
  expect(ids).toHaveLength(lines.length * changesPerLine);
  for (const line of lines) {
    const versions = got
      .filter((entry) => entry.json.data.id === line)
      .map((entry) => entry.json.data.version as number);
    expect(versions).toEqual(Array.from({ length: changesPerLine }, (_, index) => index + 2));
  }
}

describe.skipIf(!onPostgres)("two instances delivering from one outbox", () => {
  it("deliver every event once per endpoint, in order per line", { timeout: 120_000 }, async () => {
    const LINES = 8;
    const CHANGES = 4;
    await endpoint("/two-a");
    await endpoint("/two-b");
    // Some failures, so retries race with the other instance's claims too.
    receiver.answer("/two-a", 500, 500, 500);
    const lines = await Promise.all(
      Array.from({ length: LINES }, () => insertLine(t.app.db, plain, EXPEDITION)),
    );
    // The whole backlog is committed before either worker runs: both start on it at once.
    for (let change = 0; change < CHANGES; change += 1) {
      await Promise.all(
        lines.map(async (line) => {
          const status = change % 2 === 0 ? READY : PENDING;
          const response = await office("PATCH", `/api/expedition/${line}`, { status });
          expect(response.statusCode, response.body).toBe(200);
        }),
      );
    }
    const config = testConfig({ databaseUrl: t.config.databaseUrl, webhooks: fast });
    const instances: App[] = [];
    try {
      instances.push(
        ...(await Promise.all([
          buildApp({ config, serveClient: false }),
          buildApp({ config, serveClient: false }),
        ])),
      );
      const total = LINES * CHANGES;
      await receiver.waitFor("/two-b", total, 60_000);
      await receiver.waitFor("/two-a", total + 3, 60_000);
      await expect.poll(pendingDeliveries, { timeout: 30_000 }).toBe(0);
      // Nothing is pending any more: no copy can still come from either worker.
      await Promise.all(instances.map((app) => app.webhookWorker?.idle()));
      const a = receiver.received.filter((entry) => entry.path === "/two-a");
      const delivered = a.filter((_, index) => index >= 3);
      expectOncePerEventInOrder(delivered, lines, CHANGES);
      expect(new Set(a.map((entry) => entry.headers["webhook-id"])).size).toBe(total);
      expectOncePerEventInOrder(
        receiver.received.filter((entry) => entry.path === "/two-b"),
        lines,
        CHANGES,
      );
    } finally {
      await Promise.all(instances.map((app) => app.close()));
    }
  });
});

describe.skipIf(!onPostgres)("a server process killed with SIGKILL after the commit", () => {
  it("sends the event once after the restart", { timeout: 400_000 }, async () => {
    const hook = await endpoint("/killed");
    const line = await insertLine(t.app.db, plain, EXPEDITION);
    const env = (worker: boolean) => ({
      DATABASE_URL: t.config.databaseUrl ?? "",
      JWT_SECRET: TEST_JWT_SECRET,
      PASSWORD_HASH_COST: "10",
      STATIC_DIR: "/nonexistent",
      LOG_LEVEL: "info",
      // The first process commits and never sends: the kill falls between commit and send.
      WEBHOOK_WORKER: worker ? "true" : "false",
      WEBHOOK_ALLOW_HTTP: "true",
      WEBHOOK_ALLOW_PRIVATE: "true",
      WEBHOOK_POLL_MS: "50",
    });
    const first = await startServer("src/server/main.ts", env(false));
    try {
      const login = await fetch(`${first.url}/get-token`, {
        method: "POST",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ username: "office", password: DEMO_PASSWORD }),
      });
      expect(login.status).toBe(200);
      const { token } = (await login.json()) as { token: string };
      const patched = await fetch(`${first.url}/api/expedition/${line}`, {
        method: "PATCH",
        headers: {
          "content-type": "application/json",
          authorization: `Bearer ${token}`,
          company: String(plain),
        },
        body: JSON.stringify({ status: READY }),
      });
      expect(patched.status, await patched.text()).toBe(200);
    } finally {
      expect(await first.kill("SIGKILL")).toMatchObject({ signal: "SIGKILL" });
    }
    expect(receiver.received.filter((entry) => entry.path === "/killed")).toHaveLength(0);
    expect(await pendingDeliveries()).toBeGreaterThan(0);

    const second = await startServer("src/server/main.ts", env(true));
    try {
      const [got] = await receiver.waitFor("/killed", 1, 60_000);
      expect(got?.json).toMatchObject({
        type: "shipment.status_changed",
        data: { id: line, status: { id: READY } },
      });
      const state = async () => {
        const log = await admin("GET", `/api/webhook/${hook.id}/delivery`);
        return log.json<{ results: { state: string }[] }>().results[0]?.state;
      };
      await expect.poll(state, { timeout: 30_000 }).toBe("delivered");
      // Delivered and nothing pending: the event reached the receiver once.
      expect(receiver.received.filter((entry) => entry.path === "/killed")).toHaveLength(1);
    } finally {
      await second.kill("SIGTERM");
    }
  });
});
