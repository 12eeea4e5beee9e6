/**
 * Yardline with one attachment storage kind, for the storage bench (scripts/bench-storage.ts
 * forks it, so the memory measured is the server's alone). Environment: BENCH_STORAGE (dir,
 * postgres, s3), BENCH_S3 (the S3Config as JSON, for s3), BENCH_DATABASE (a PostgreSQL URL, or
 * unset for PGlite in BENCH_DB_DIR), BENCH_DIR (the dir storage's directory). Sends
 * {port, company, line} when listening; answers "peak" with the highest RSS seen since the
 * last "peak" (sampled every 10 ms).
 */
import { randomBytes } from "node:crypto";
import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { buildApp } from "../../src/server/app";
import { loadConfig, type StorageKind } from "../../src/server/config";
import type { Database } from "../../src/server/db/database";
import { PLAIN } from "../../src/server/db/demo-data";
import { companies } from "../../src/server/db/schema/companies";
import { seedDemo } from "../../src/server/db/seed";
import { insertLine } from "../../src/server/test/shipments";

const databaseUrl = process.env.BENCH_DATABASE || undefined;
const kind = (process.env.BENCH_STORAGE ?? "dir") as StorageKind;

async function open(): Promise<Database> {
  if (databaseUrl) {
    const { openPostgres } = await import("../../src/server/db/postgres");
    return openPostgres(databaseUrl);
  }
  const { openPglite } = await import("../../src/server/db/pglite");
  return openPglite(process.env.BENCH_DB_DIR ?? "memory://");
}

const database = await open();
await database.migrate();
await seedDemo(database.db, { passwordCost: 10 });
const loaded = loadConfig({ LOG_LEVEL: "warn" });
const config = {
  ...loaded,
  // 20 uploads of 20 MB at once on a shared machine outlast the default request timeout.
  limits: { ...loaded.limits, requestTimeoutMs: 600_000 },
  dataDir: "memory://",
  databaseUrl,
  jwtSecret: randomBytes(32).toString("hex"),
  passwordHashCost: 10,
  attachments: { dir: process.env.BENCH_DIR, maxBytes: 64 * 1_048_576 },
  storage: { kind, s3: process.env.BENCH_S3 ? JSON.parse(process.env.BENCH_S3) : undefined },
};
const app = await buildApp({ config, database, serveClient: false, logger: { level: "error" } });
await app.listen({ port: 0, host: "127.0.0.1" });
const [company] = await database.db
  .select({ id: companies.id })
  .from(companies)
  .where(eq(companies.name, PLAIN));
if (!company) throw new Error("no company");
const line = await insertLine(database.db, company.id, 1);

let peak = process.memoryUsage.rss();
setInterval(() => {
  peak = Math.max(peak, process.memoryUsage.rss());
}, 10).unref();
process.on("message", (message) => {
  if (message !== "peak") return;
  process.send?.({ peak });
  peak = process.memoryUsage.rss();
});
process.send?.({ port: (app.server.address() as AddressInfo).port, company: company.id, line });
