import { randomBytes } from "node:crypto";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { DEMO_PASSWORD } from "../../src/server/db/demo-data";
import { seedDemo } from "../../src/server/db/seed";

const ADMIN_URL =
  process.env.BENCH_POSTGRES_ADMIN_URL ?? "postgres://postgres@127.0.0.1:5432/postgres";

/** A seeded app on `database` and a demo user's headers for one of its companies. */
export interface BenchApp {
  app: FastifyInstance;
  /** Authorization and company headers of `username` in `company` (by name). */
  headersOf(username: string, company: string): Promise<Record<string, string>>;
}

async function benchApp(database: Database, databaseUrl?: string): Promise<BenchApp> {
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
  return {
    app,
    async headersOf(username, company) {
      const token = await app.inject({
        method: "POST",
        url: "/get-token",
        payload: { username, password: DEMO_PASSWORD },
      });
      const headers = { authorization: `Bearer ${token.json<{ access: string }>().access}` };
      const auth = await app.inject({ method: "GET", url: "/api/user/auth", headers });
      const groups = auth.json<{ user: { groups: { id: number; name: string }[] } }>().user.groups;
      return { ...headers, company: String(groups.find((group) => group.name === company)?.id) };
    },
  };
}

/**
 * Runs `measure` on a new in-memory PGlite and, when PostgreSQL answers on 127.0.0.1:5432 (or
 * BENCH_POSTGRES_ADMIN_URL), on a throwaway database there (dropped after); each database is
 * new and empty, for a bench that builds its own app (BENCH_SKIP_PGLITE leaves PGlite out).
 */
export async function onScratchDatabases(
  measure: (label: string, database: Database, databaseUrl?: string) => Promise<void>,
): Promise<void> {
  const { openPglite } = await import("../../src/server/db/pglite");
  if (!process.env.BENCH_SKIP_PGLITE)
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
    const { openPostgres } = await import("../../src/server/db/postgres");
    await measure(`PostgreSQL (${url.host})`, await openPostgres(url.toString()), url.toString());
  } finally {
    await admin.query(`drop database if exists "${name}" with (force)`);
    await admin.end();
  }
}

/**
 * Runs `measure` on a seeded app (benchApp) on each scratch database (onScratchDatabases).
 * Through app.inject (no sockets): the figures are the requests' own work.
 */
export async function onEachDatabase(
  measure: (label: string, bench: BenchApp) => Promise<void>,
): Promise<void> {
  await onScratchDatabases(async (label, database, databaseUrl) => {
    const bench = await benchApp(database, databaseUrl);
    try {
      await measure(label, bench);
    } finally {
      await bench.app.close();
    }
  });
}
