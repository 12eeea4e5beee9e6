/**
 * `npm run bench -- series`: the time to expand and create 52 weekly occurrences in one
 * request (PUT api/expedition/series/{uid}, issue 12), on in-memory PGlite and, when
 * PostgreSQL answers on 127.0.0.1:5432 (or BENCH_POSTGRES_ADMIN_URL), on a throwaway database
 * there. Through app.inject (no sockets): the figure is the request's own work.
 */
import { randomBytes, randomUUID } from "node:crypto";
import pg from "pg";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import type { Database } from "../src/server/db/database";
import { BW, DEMO_PASSWORD } from "../src/server/db/demo-data";
import { seedDemo } from "../src/server/db/seed";

const RUNS = 5;
const ADMIN_URL =
  process.env.BENCH_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

async function measure(label: string, database: Database, databaseUrl?: string): Promise<void> {
  await database.migrate();
  await seedDemo(database.db, { passwordCost: 10 });
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn" }),
    dataDir: "memory://",
    databaseUrl,
    jwtSecret: randomBytes(32).toString("hex"),
    passwordHashCost: 10,
  };
  const app = await buildApp({ config, database, serveClient: false, logger: { level: "warn" } });
  try {
    const token = await app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "office", password: DEMO_PASSWORD },
    });
    const { access } = token.json<{ access: string }>();
    const headers = { authorization: `Bearer ${access}` };
    const auth = await app.inject({ method: "GET", url: "/api/user/auth", headers });
    const groups = auth.json<{ user: { groups: { id: number; name: string }[] } }>().user.groups;
    const company = String(groups.find((group) => group.name === BW)?.id);
    const withCompany = { ...headers, company };
    const clients = await app.inject({ method: "GET", url: "/api/client", headers: withCompany });
    const client = clients.json<{ results: { id: number }[] }>().results[0]?.id;
    const times: number[] = [];
    for (let run = 0; run < RUNS; run++) {
      const started = performance.now();
      const answer = await app.inject({
        method: "PUT",
        url: `/api/expedition/series/${randomUUID()}`,
        headers: withCompany,
        payload: {
          code: `BENCH-${run}`,
          // A different hour each run, so no run fills another's slots.
          booked_date: `2030-01-07T${String(7 + run).padStart(2, "0")}:00:00Z`,
          client,
          rrule_str: "RRULE:FREQ=WEEKLY;COUNT=52",
        },
      });
      times.push(performance.now() - started);
      const created = answer.json<{ created: unknown[] }>().created?.length;
      if (answer.statusCode !== 200 || created !== 52) {
        throw new Error(`run ${run}: ${answer.statusCode} ${answer.body.slice(0, 200)}`);
      }
    }
    times.sort((a, b) => a - b);
    const median = times[Math.floor(times.length / 2)] ?? 0;
    console.log(
      `${label}: 52 weekly occurrences in one request: median ${median.toFixed(0)} ms ` +
        `(${(median / 52).toFixed(1)} ms a line; runs ${times.map((t) => t.toFixed(0)).join(", ")} ms)`,
    );
  } finally {
    await app.close();
  }
}

export async function runSeriesBench(): Promise<void> {
  console.log("Repeated save (issue 12)\n");
  const { openPglite } = await import("../src/server/db/pglite");
  await measure("PGlite (in memory)", await openPglite("memory://"));

  const admin = new pg.Client({ connectionString: ADMIN_URL, connectionTimeoutMillis: 3000 });
  const name = `yardline_bench_${Date.now()}`;
  try {
    await admin.connect();
    await admin.query(`create database "${name}"`);
  } catch (error) {
    console.log(`PostgreSQL: not measured (${(error as Error).message})`);
    await admin.end().catch(() => {});
    return;
  }
  const url = new URL(ADMIN_URL);
  url.pathname = `/${name}`;
  try {
    const { openPostgres } = await import("../src/server/db/postgres");
    await measure(`PostgreSQL (${url.host})`, await openPostgres(url.toString()), url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}
