/**
 * Yardline itself, listening on 127.0.0.1, for the HTTP and Lighthouse benchmarks
 * (scripts/bench-http.ts, scripts/bench-lighthouse.ts fork it). Environment:
 * BENCH_DATABASE (a PostgreSQL URL, or unset for in-memory PGlite), BENCH_PGLITE_THREAD
 * (where PGlite runs: worker, the default, or inline; db/pglite.ts), BENCH_SEED_SHIPMENTS
 * (shipments to add after the demo seed; 0 when the database is seeded already),
 * BENCH_STATIC_DIR (serve a client build), BENCH_JWT_SECRET (the key every instance of one
 * database shares, so a token of one is good on another; random by default). Answers the IPC message "cpu" with its
 * process.cpuUsage(), so the parent can charge CPU per request to this process alone. Forked
 * with --expose-gc (scripts/bench-http.ts), it collects its setup's garbage (the seed's
 * 100,000 lines) before announcing its port, so no measured cell pays for that collection.
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { buildApp } from "../../src/server/app";
import { loadConfig } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { seedDemo } from "../../src/server/db/seed";
import { seedShipments } from "../bench-api";

const databaseUrl = process.env.BENCH_DATABASE || undefined;
const seedCount = Number(process.env.BENCH_SEED_SHIPMENTS ?? 0);
const staticDir = process.env.BENCH_STATIC_DIR || undefined;

async function open(): Promise<Database> {
  if (databaseUrl) {
    const { openPostgres } = await import("../../src/server/db/postgres");
    return openPostgres(databaseUrl);
  }
  const { openPglite } = await import("../../src/server/db/pglite");
  return openPglite("memory://", {
    thread: process.env.BENCH_PGLITE_THREAD === "inline" ? "inline" : "worker",
  });
}

async function main(): Promise<void> {
  const database = await open();
  await database.migrate();
  const seeded = await seedDemo(database.db, { passwordCost: 10 });
  if (seeded && seedCount > 0) await seedShipments(database, seedCount);
  const config = {
    ...loadConfig({ LOG_LEVEL: "warn", ...(staticDir ? { STATIC_DIR: staticDir } : {}) }),
    dataDir: "memory://",
    databaseUrl,
    jwtSecret: process.env.BENCH_JWT_SECRET || randomBytes(32).toString("hex"),
    passwordHashCost: 10,
  };
  const app = await buildApp({
    config,
    database,
    serveClient: staticDir !== undefined,
    logger: { level: "warn" },
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const { port } = app.server.address() as AddressInfo;
  globalThis.gc?.();
  process.on("message", (message) => {
    if (message === "cpu") process.send?.({ cpu: process.cpuUsage() });
  });
  process.once("SIGTERM", () => {
    void app.close().then(() => process.exit(0));
  });
  process.send?.({ port });
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
