/**
 * `npm run bench -- webhooks`: webhook delivery lag (issue 28) at 50 line changes a second for
 * 10 s, on in-memory PGlite and, when PostgreSQL answers on 127.0.0.1:5432 (or
 * BENCH_POSTGRES_ADMIN_URL), on a throwaway database there. Each change is a status PATCH
 * (through app.inject) whose event goes to a local receiver; the lag of a delivery is its
 * arrival minus the event's timestamp (taken in the change's transaction, just before commit).
 * The worker runs in the same process, as one instance would.
 */
import { randomBytes } from "node:crypto";
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import type { Database } from "../src/server/db/database";
import { BW, DEMO_PASSWORD } from "../src/server/db/demo-data";
import { shipments } from "../src/server/db/schema/shipments";
import { seedDemo } from "../src/server/db/seed";
import { onScratchDatabases } from "./bench/bench-app";

const RATE = 50;
const SECONDS = 10;
/** Every PATCH changes a line of its own (no two overlap on one line). */
const LINES = RATE * SECONDS;

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;
}

async function measure(label: string, database: Database, databaseUrl?: string): Promise<void> {
  await database.migrate();
  await seedDemo(database.db, { passwordCost: 10 });
  const lags: number[] = [];
  const receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      const body = JSON.parse(Buffer.concat(chunks).toString()) as { timestamp: string };
      lags.push(Date.now() - Date.parse(body.timestamp));
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const base = loadConfig({ ...process.env, LOG_LEVEL: "warn" });
  const config = {
    ...base,
    dataDir: "memory://",
    databaseUrl,
    jwtSecret: randomBytes(32).toString("hex"),
    passwordHashCost: 10,
    webhooks: { ...base.webhooks, worker: true, allowHttp: true, allowPrivate: true },
  };
  const app = await buildApp({ config, database, serveClient: false, logger: { level: "warn" } });
  try {
    const login = async (username: string) => {
      const answer = await app.inject({
        method: "POST",
        url: "/get-token",
        payload: { username, password: DEMO_PASSWORD },
      });
      return { authorization: `Bearer ${answer.json<{ access: string }>().access}` };
    };
    const office = await login("office");
    const auth = await app.inject({ method: "GET", url: "/api/user/auth", headers: office });
    const groups = auth.json<{ user: { groups: { id: number; name: string }[] } }>().user.groups;
    const companyId = groups.find((group) => group.name === BW)?.id ?? 0;
    const admin = { ...(await login("admin")), company: String(companyId) };
    const { port } = receiver.address() as AddressInfo;
    const hook = await app.inject({
      method: "POST",
      url: "/api/webhook",
      headers: admin,
      payload: { url: `http://127.0.0.1:${port}/bench`, events: ["shipment.status_changed"] },
    });
    if (hook.statusCode !== 201) throw new Error(hook.body);
    const lines = await database.db
      .insert(shipments)
      .values(
        Array.from({ length: LINES }, (_, n) => ({
          companyId,
          type: 1,
          code: `HOOK-${n}`,
          bookedDate: new Date(Date.UTC(2032, 0, 1, 8, n)),
          statusId: 1,
        })),
      )
      .returning({ id: shipments.id });
    const headers = { ...office, company: String(companyId) };
    const total = RATE * SECONDS;
    const started = performance.now();
    const writes: Promise<unknown>[] = [];
    for (let n = 0; n < total; n++) {
      const due = started + (n * 1000) / RATE;
      const wait = due - performance.now();
      if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
      const line = lines[n % LINES]?.id;
      const status = 10;
      writes.push(
        app.inject({
          method: "PATCH",
          url: `/api/expedition/${line}`,
          headers,
          payload: { status },
        }),
      );
    }
    const answers = (await Promise.all(writes)) as { statusCode: number; body: string }[];
    const failed = answers.filter((answer) => answer.statusCode !== 200);
    if (failed.length > 0) {
      console.log(
        `${failed.length} changes refused: ${failed[0]?.statusCode} ${failed[0]?.body.slice(0, 200)}`,
      );
    }
    // A PATCH that found the line already in its status (an earlier one still running when it
    // read the line) changes nothing and emits nothing: count the events that were made.
    const count = async (pending: boolean) => {
      const result = await database.db.execute(
        pending
          ? sql`select count(*)::int as n from webhook_deliveries where state = 'pending'`
          : sql`select count(*)::int as n from webhook_deliveries`,
      );
      return (result as unknown as { rows: { n: number }[] }).rows[0]?.n ?? 0;
    };
    const deadline = Date.now() + 120_000;
    while ((await count(true)) > 0 && Date.now() < deadline) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const events = await count(false);
    const sorted = [...lags].sort((a, b) => a - b);
    console.log(
      `${label}: ${lags.length} deliveries of ${events} events (${total} PATCHes at ${RATE}/s); lag p50 ` +
        `${percentile(sorted, 50)} ms, p99 ${percentile(sorted, 99)} ms, max ${sorted.at(-1) ?? 0} ms`,
    );
  } finally {
    await app.close();
    receiver.closeAllConnections();
    await new Promise<void>((resolve) => receiver.close(() => resolve()));
  }
}

export async function runWebhooksBench(): Promise<void> {
  console.log("Webhook delivery lag (issue 28)\n");
  await onScratchDatabases(measure);
}
