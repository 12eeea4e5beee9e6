/**
 * API list latency with a large shipments table: `node --import tsx scripts/bench-api.ts`.
 * Seeds the demo data plus BENCH_SHIPMENTS (100,000) shipments of the plain demo company into a
 * fresh in-memory PGlite, and also into a scratch database on DATABASE_URL's PostgreSQL when
 * it is set (created and dropped here), with multi-row inserts; then times page 1 of the
 * expeditions list through inject (BENCH_REQUESTS, 200, after a warm-up) and prints median and
 * p99, with a few other list shapes for comparison. Figures, not pass/fail; not part of npm test.
 */
import { randomBytes } from "node:crypto";
import { performance } from "node:perf_hooks";
import { pathToFileURL } from "node:url";
import { eq, sql } from "drizzle-orm";
import pg from "pg";
import { type App, buildApp } from "../src/server/app";
import { loadConfig, type ServerConfig } from "../src/server/config";
import type { Database } from "../src/server/db/database";
import { DEMO_PASSWORD, PLAIN } from "../src/server/db/demo-data";
import { generator } from "../src/server/db/demo-trucks";
import { clients } from "../src/server/db/schema/clients";
import { companies } from "../src/server/db/schema/companies";
import { type NewShipmentRow, reasons, shipments } from "../src/server/db/schema/shipments";
import { shippers } from "../src/server/db/schema/shippers";
import { users } from "../src/server/db/schema/users";
import { seedDemo } from "../src/server/db/seed";
import { STATUSES } from "../src/shared/contract/status";

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 200);
const WARMUP = 20;
const CHUNK = 1000;
const DAY = 24 * 3600 * 1000;

/** Adds `total` shipments of the plain demo company (multi-row inserts), then vacuum analyze. */
export async function seedShipments(
  database: Database,
  total = TOTAL,
): Promise<{ seconds: number }> {
  const db = database.db;
  const [company] = await db.select().from(companies).where(eq(companies.name, PLAIN));
  if (!company) throw new Error("demo company missing");
  const clientIds = (
    await db.select({ id: clients.id }).from(clients).where(eq(clients.companyId, company.id))
  ).map((row) => row.id);
  const truckIds = (
    await db.select({ id: shippers.id }).from(shippers).where(eq(shippers.companyId, company.id))
  ).map((row) => row.id);
  const reasonRows = await db.select().from(reasons);
  const [office] = await db.select().from(users).where(eq(users.username, "office"));
  const byType = (type: number) => STATUSES.filter((s) => s.type === type).map((s) => s.id);
  const statusIds = { 1: byType(1), 2: byType(2) } as const;
  const random = generator(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  const now = Date.now();

  const started = performance.now();
  for (let start = 0; start < total; start += CHUNK) {
    const rows: NewShipmentRow[] = [];
    for (let index = start; index < Math.min(total, start + CHUNK); index++) {
      const type = index % 2 === 0 ? 1 : 2;
      const statusId = pick(statusIds[type]);
      const reason = reasonRows.filter((row) => row.statusId === statusId);
      const booked = new Date(now + Math.floor((random() - 0.5) * 360 * DAY));
      rows.push({
        companyId: company.id,
        type,
        code: `B-${String(index).padStart(7, "0")}`,
        bookedDate: booked,
        arrivalDate:
          random() < 0.5 ? new Date(booked.getTime() + (random() - 0.5) * 3_600_000) : null,
        clientId: pick(clientIds),
        place: pick(["MADRID", "LISBOA", "PORTO", "BILBAO", "VIGO"]),
        clientNotes: random() < 0.3 ? "Call before arrival" : "",
        packages: Math.floor(random() * 33),
        shipperId: random() < 0.6 ? pick(truckIds) : null,
        urgent: random() < 0.1,
        statusId,
        reasonId: reason.length > 0 && random() < 0.8 ? pick(reason).id : null,
        warehouse: "W1",
        dock: "D01",
        weight: random() < 0.5 ? Math.round(random() * 2_400_000) / 100 : null,
        userId: office?.id ?? null,
      });
    }
    await db.insert(shipments).values(rows);
  }
  const seconds = (performance.now() - started) / 1000;
  // What autovacuum does after a bulk load on a server (PGlite has no autovacuum).
  await db.execute(sql`vacuum analyze`);
  return { seconds };
}

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

async function time(app: App, token: string, url: string) {
  const call = async () => {
    const response = await app.inject({ url, headers: { authorization: `Bearer ${token}` } });
    if (response.statusCode !== 200)
      throw new Error(`${url}: ${response.statusCode} ${response.body}`);
    return response;
  };
  for (let i = 0; i < WARMUP; i++) await call();
  const samples: number[] = [];
  let count = 0;
  for (let i = 0; i < REQUESTS; i++) {
    const started = performance.now();
    const response = await call();
    samples.push(performance.now() - started);
    count = response.json<{ count: number }>().count;
  }
  samples.sort((a, b) => a - b);
  return { median: percentile(samples, 50), p99: percentile(samples, 99), count };
}

async function login(app: App, username: string): Promise<string> {
  const response = await app.inject({
    method: "POST",
    url: "/get-token",
    payload: { username, password: DEMO_PASSWORD },
  });
  if (response.statusCode !== 200) throw new Error(`login ${username}: ${response.body}`);
  return response.json<{ token: string }>().token;
}

function config(databaseUrl: string | undefined): ServerConfig {
  return {
    ...loadConfig({ LOG_LEVEL: "silent" }),
    dataDir: "memory://",
    databaseUrl,
    jwtSecret: randomBytes(32).toString("hex"),
    passwordHashCost: 10,
  };
}

async function run(label: string, open: () => Promise<Database>, databaseUrl?: string) {
  const database = await open();
  await database.migrate();
  await seedDemo(database.db, { passwordCost: 10 });
  const { seconds } = await seedShipments(database);
  const app = await buildApp({ config: config(databaseUrl), database, serveClient: false });
  try {
    const admin = await login(app, "admin");
    const client = await login(app, "client");
    const shapes: [string, string, string][] = [
      ["baseline: api/status (token, company, lookup)", admin, "/api/status?type=1"],
      ["expeditions page 1 (admin)", admin, "/api/expedition"],
      ["expeditions page 1, status=2&status=3", admin, "/api/expedition?status=2&status=3"],
      ["expeditions page 1, code contains", admin, "/api/expedition?code=B-00012"],
      ["expeditions page 1 (client user)", client, "/api/expedition"],
      ["expeditions page 500 (admin)", admin, "/api/expedition?page=500"],
      [
        "receptions page 1, next 7 days",
        admin,
        `/api/reception?booked_date_after=${new Date().toISOString().slice(0, 10)}&booked_date_before=${new Date(Date.now() + 7 * DAY).toISOString().slice(0, 10)}`,
      ],
    ];
    console.log(
      `\n${label}: ${TOTAL.toLocaleString("en")} shipments inserted in ${seconds.toFixed(1)} s (${Math.round(TOTAL / seconds).toLocaleString("en")} rows/s, ${CHUNK} per insert)`,
    );
    console.log(`  ${"list".padEnd(46)} ${"median".padStart(9)} ${"p99".padStart(9)}   count`);
    for (const [name, token, url] of shapes) {
      const { median, p99, count } = await time(app, token, url);
      console.log(
        `  ${name.padEnd(46)} ${median.toFixed(2).padStart(6)} ms ${p99.toFixed(2).padStart(6)} ms   ${count}`,
      );
    }
    console.log(
      `  (${REQUESTS} requests each after ${WARMUP} warm-up, sequential, through inject)`,
    );
  } finally {
    await app.close();
  }
}

async function withAdmin<T>(url: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

async function main() {
  const { openPglite } = await import("../src/server/db/pglite");
  await run("PGlite (in memory)", () => openPglite("memory://"));

  const baseUrl = process.env.DATABASE_URL;
  if (!baseUrl) {
    console.log("\nPostgreSQL: skipped (set DATABASE_URL to also measure a PostgreSQL server)");
    return;
  }
  const name = `yardline_bench_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  try {
    const { openPostgres } = await import("../src/server/db/postgres");
    await run("PostgreSQL", () => openPostgres(url.toString()), url.toString());
  } finally {
    if (process.env.BENCH_KEEP_DB) console.log(`kept database ${name}`);
    else
      await withAdmin(baseUrl, (client) =>
        client.query(`drop database if exists "${name}" with (force)`),
      );
  }
}

// Run only as a script: scripts/bench-http.ts imports seedShipments from here.
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
