/**
 * `npm run bench -- scale` (issue 30): a million lines on PostgreSQL (BENCH_DATABASE_URL or
 * DATABASE_URL, default 127.0.0.1:5432). The yard is loaded once by bench-metrics' loader
 * (loadYear: BENCH_SHIPMENTS lines of the plain demo company over the last year, through the
 * product's tables, so change_log and the indexes are filled as in production) into a
 * template database kept between runs (yardline_bench_scale_tpl_*, named by the migrations and
 * the line count; BENCH_SCALE_FRESH=1 loads it again; a template of fewer migrations is copied
 * and migrated forward instead of loaded anew); each run copies it (CREATE DATABASE ...
 * TEMPLATE) into a throwaway database, dropped at the end. Through the real HTTP server
 * (scripts/bench/yardline-server.ts, a child process):
 * - the expeditions list at 16 connections (autocannon, BENCH_SECONDS, 10, after 2 s):
 *   page 1, page 500 and a month + a status, p50/p99 (target p99 <= 50 ms);
 * - a change-feed catch-up: a device that finished its full run, then 10,000 lines changed
 *   (each its own transaction, 16 at a time, straight in SQL: the triggers stamp them), reads
 *   GET api/changes with its cursor until `more` is false, as offline/change-feed.ts does
 *   (target <= 1 s);
 * - the BI requests of bench-metrics over a year, each timed (target <= 1 s).
 * Every figure carries the machine's 1-minute load average. Figures, not pass/fail.
 */
import { readFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import { performance } from "node:perf_hooks";
import { fileURLToPath, pathToFileURL } from "node:url";
import autocannon from "autocannon";
import { sql } from "drizzle-orm";
import pg from "pg";
import { PLAIN } from "../src/server/db/demo-data";
import { seedDemo } from "../src/server/db/seed";
import { type Server, startServer } from "./bench/fork-server";
import { shapes, tokenOf } from "./bench-http";
import { biRequests, loadYear, withAdmin } from "./bench-metrics";

const TOTAL = Number(process.env.BENCH_SHIPMENTS ?? 1_000_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
const CHANGES = Number(process.env.BENCH_SCALE_CHANGES ?? 10_000);
const BI_REQUESTS = Number(process.env.BENCH_REQUESTS ?? 3);
const CONNECTIONS = 16;
const TARGET_LIST_P99_MS = 50;
const TARGET_CATCH_UP_MS = 1000;
const TARGET_BI_MS = 1000;
/** Bump when loadYear's data changes, so an old template is not reused. */
const LOADER_VERSION = 1;
const TEMPLATE_PREFIX = "yardline_bench_scale_tpl_";

const load1 = () => (loadavg()[0] ?? Number.NaN).toFixed(1);
const met = (ok: boolean) => (ok ? "met" : "MISSED");

function templateName(): string {
  const journal = fileURLToPath(
    new URL("../src/server/db/migrations/meta/_journal.json", import.meta.url),
  );
  const migrations = (JSON.parse(readFileSync(journal, "utf8")) as { entries: unknown[] }).entries
    .length;
  return `${TEMPLATE_PREFIX}m${migrations}_n${TOTAL}_v${LOADER_VERSION}`;
}

function urlOf(baseUrl: string, name: string): string {
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A template of the same yard under fewer migrations, to migrate forward instead of loading. */
function olderTemplate(names: string[], name: string): string | undefined {
  const tail = name.slice(name.indexOf("_n"));
  const count = (value: string) => Number(/_m(\d+)_/.exec(value)?.[1] ?? Number.NaN);
  return names
    .filter((other) => other.endsWith(tail) && count(other) < count(name))
    .sort((a, b) => count(b) - count(a))[0];
}

/**
 * The loaded template, made now unless a previous run left it (older ones are dropped). A
 * template of the same yard under fewer migrations is copied and migrated forward, as a
 * production database would be (a new migration costs its back-fill, not a 4-minute load).
 */
export async function ensureTemplate(baseUrl: string): Promise<string> {
  const name = templateName();
  const fresh = Boolean(process.env.BENCH_SCALE_FRESH);
  const found = await withAdmin(baseUrl, async (client) => {
    const { rows } = await client.query<{ datname: string }>(
      "select datname from pg_database where datname like $1 and datname not like '%_loading'",
      [`${TEMPLATE_PREFIX}%`],
    );
    return rows.map((row) => row.datname);
  });
  const dropAll = (except?: string) =>
    withAdmin(baseUrl, async (client) => {
      for (const datname of found) {
        if (datname !== except) await client.query(`drop database "${datname}" with (force)`);
      }
    });
  if (fresh) await dropAll();
  const older = fresh ? undefined : olderTemplate(found, name);
  if (found.includes(name) && !fresh) {
    console.log(`template ${name}: reused (BENCH_SCALE_FRESH=1 loads it again)`);
    return name;
  }
  // Loaded under a temporary name and renamed at the end: a run cut short leaves no half yard.
  const loading = `${name}_loading`;
  await withAdmin(baseUrl, async (client) => {
    await client.query(`drop database if exists "${loading}" with (force)`);
    await client.query(
      older
        ? `create database "${loading}" template "${older}" strategy file_copy`
        : `create database "${loading}"`,
    );
  });
  const { openPostgres } = await import("../src/server/db/postgres");
  const database = await openPostgres(urlOf(baseUrl, loading));
  const started = performance.now();
  try {
    await database.migrate();
    if (older) {
      await database.db.execute(sql`vacuum analyze`);
      console.log(
        `template ${name}: ${older} migrated forward in ${((performance.now() - started) / 1000).toFixed(0)} s (with vacuum analyze; load ${load1()})`,
      );
    } else {
      await seedDemo(database.db, { passwordCost: 10 });
      const inserted = await loadYear(database.db);
      await database.db.execute(sql`vacuum analyze`);
      console.log(
        `template ${name}: ${TOTAL.toLocaleString("en")} lines loaded in ${inserted.toFixed(0)} s ` +
          `(with migrate, seed and vacuum analyze ${((performance.now() - started) / 1000).toFixed(0)} s; load ${load1()})`,
      );
    }
  } finally {
    await database.close?.();
  }
  await withAdmin(baseUrl, (client) =>
    client.query(`alter database "${loading}" rename to "${name}"`),
  );
  if (!fresh) await dropAll(name);
  return name;
}

interface ListFigure {
  label: string;
  /** The server's CPU per answered request (independent of the neighbours' load). */
  cpuMs: number;
  p50: number;
  p99: number;
  rps: number;
  errors: number;
  load: string;
}

async function measureList(server: Server, label: string, path: string, token: string) {
  const headers = { authorization: `Bearer ${token}` };
  const run = (duration: number) =>
    autocannon({ url: `${server.base}${path}`, connections: CONNECTIONS, duration, headers });
  await run(2);
  const before = await server.cpu();
  const result = await run(SECONDS);
  const after = await server.cpu();
  const cpuMs = (after.user - before.user + after.system - before.system) / 1000;
  return {
    cpuMs: cpuMs / Math.max(1, result["2xx"]),
    label,
    p50: result.latency.p50,
    p99: result.latency.p99,
    rps: result.requests.average,
    errors: result.errors + result.non2xx + result.timeouts,
    load: load1(),
  } satisfies ListFigure;
}

interface Feed {
  cursor: string;
  more: boolean;
  shipments: unknown[];
  shippers: unknown[];
  deleted: { shipments: unknown[]; shippers: unknown[] };
}

/** Pulls GET api/changes until `more` is false, as the app's change feed does. */
async function drain(server: Server, token: string, since?: string) {
  const started = performance.now();
  let cursor = since;
  let pages = 0;
  let rows = 0;
  let bytes = 0;
  for (;;) {
    const query = cursor === undefined ? "" : `?since=${encodeURIComponent(cursor)}`;
    const response = await fetch(`${server.base}/api/changes${query}`, {
      headers: { authorization: `Bearer ${token}` },
    });
    const text = await response.text();
    if (!response.ok) throw new Error(`api/changes: ${response.status} ${text.slice(0, 200)}`);
    bytes += text.length;
    const page = JSON.parse(text) as Feed;
    pages += 1;
    rows +=
      page.shipments.length +
      page.shippers.length +
      page.deleted.shipments.length +
      page.deleted.shippers.length;
    cursor = page.cursor;
    if (!page.more) break;
  }
  return { cursor: cursor ?? "", pages, rows, bytes, ms: performance.now() - started };
}

/** CHANGES lines of the plain company moved into the next week with a new status, one by one. */
async function changeLines(databaseUrl: string): Promise<number> {
  const pool = new pg.Pool({ connectionString: databaseUrl, max: CONNECTIONS });
  try {
    const { rows } = await pool.query<{ id: number }>(
      `select s.id from shipments s join companies c on c.id = s.company_id
       where c.name = $1 and s.type = 1 and s.deleted_at is null
       order by s.booked_date desc limit $2`,
      [PLAIN, CHANGES],
    );
    const started = performance.now();
    let next = 0;
    const worker = async () => {
      while (next < rows.length) {
        const id = rows[next++]?.id;
        await pool.query(
          `update shipments set status_id = case when status_id = 10 then 998 else 10 end,
             reason_id = null, version = version + 1,
             booked_date = date_trunc('day', now()) + interval '1 day' + (id % 10080) * interval '1 minute'
           where id = $1`,
          [id],
        );
      }
    };
    await Promise.all(Array.from({ length: CONNECTIONS }, worker));
    console.log(
      `  ${rows.length.toLocaleString("en")} lines changed in ${((performance.now() - started) / 1000).toFixed(1)} s (one transaction each, ${CONNECTIONS} at a time)`,
    );
    return rows.length;
  } finally {
    await pool.end();
  }
}

async function catchUp(server: Server, token: string, databaseUrl: string): Promise<void> {
  const full = await drain(server, token);
  console.log(
    `  full run (a new device): ${full.rows.toLocaleString("en")} rows in ${full.pages} pages, ${(full.ms / 1000).toFixed(2)} s (load ${load1()})`,
  );
  const changed = await changeLines(databaseUrl);
  const runs: Awaited<ReturnType<typeof drain>>[] = [];
  const before = await server.cpu();
  for (let i = 0; i < 4; i++) runs.push(await drain(server, token, full.cursor));
  const after = await server.cpu();
  const cpuMs = (after.user - before.user + after.system - before.system) / 1000 / runs.length;
  const timed = runs.slice(1).map((run) => run.ms);
  timed.sort((a, b) => a - b);
  const median = timed[Math.floor(timed.length / 2)] ?? Number.NaN;
  const worst = timed.at(-1) ?? Number.NaN;
  const first = runs[0];
  console.log(
    `  catch-up of ${changed.toLocaleString("en")} changes: ${first?.rows.toLocaleString("en")} rows in ${first?.pages} pages ` +
      `(${((first?.bytes ?? 0) / 1e6).toFixed(1)} MB); first ${first?.ms.toFixed(0)} ms, then median ${median.toFixed(0)} ms, ` +
      `max ${worst.toFixed(0)} ms of ${timed.length}; server CPU ${cpuMs.toFixed(0)} ms a catch-up (target <= ${TARGET_CATCH_UP_MS} ms: ${met(Math.max(first?.ms ?? 0, worst) <= TARGET_CATCH_UP_MS)}; load ${load1()})`,
  );
}

async function timeBi(server: Server, admin: string, client: string): Promise<void> {
  const { shapes: requests, yearAgo, today } = biRequests(admin, client);
  console.log(
    `  BI over ${yearAgo}..${today}, 1 warm-up + ${BI_REQUESTS} each, sequential (target <= ${TARGET_BI_MS} ms)`,
  );
  console.log(`  ${"request".padEnd(46)} ${"median".padStart(9)} ${"max".padStart(9)}  load`);
  let missed = 0;
  for (const [label, token, path, headers] of requests) {
    const call = async () => {
      const started = performance.now();
      const response = await fetch(`${server.base}${path}`, {
        headers: { authorization: `Bearer ${token}`, ...headers },
      });
      const body = await response.text();
      if (!response.ok) throw new Error(`${path}: ${response.status} ${body.slice(0, 200)}`);
      return performance.now() - started;
    };
    await call();
    const samples: number[] = [];
    for (let i = 0; i < BI_REQUESTS; i++) samples.push(await call());
    samples.sort((a, b) => a - b);
    const median = samples[Math.floor(samples.length / 2)] ?? Number.NaN;
    const worst = samples.at(-1) ?? Number.NaN;
    if (worst > TARGET_BI_MS) missed += 1;
    console.log(
      `  ${label.padEnd(46)} ${median.toFixed(0).padStart(6)} ms ${worst.toFixed(0).padStart(6)} ms  ${load1()}${worst > TARGET_BI_MS ? "  over" : ""}`,
    );
  }
  console.log(
    `  BI target: ${met(missed === 0)}${missed ? ` (${missed} of ${requests.length} over)` : ""}`,
  );
}

export async function runScaleBench(): Promise<void> {
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  console.log(
    `A million lines (issue 30) on PostgreSQL; ${availableParallelism()} cores, load = 1-minute load average\n`,
  );
  const template = await ensureTemplate(baseUrl);
  const name = `yardline_bench_scale_${Date.now().toString(36)}`;
  const copied = performance.now();
  await withAdmin(baseUrl, (client) =>
    client.query(`create database "${name}" template "${template}" strategy file_copy`),
  );
  console.log(
    `  copied the template in ${((performance.now() - copied) / 1000).toFixed(1)} s (load ${load1()})`,
  );
  const databaseUrl = urlOf(baseUrl, name);
  let server: Server | undefined;
  try {
    server = await startServer("yardline", "./yardline-server.ts", {
      BENCH_DATABASE: databaseUrl,
      BENCH_SEED_SHIPMENTS: "0",
    });
    const admin = await tokenOf(server);
    const client = await tokenOf(server, "client");
    const [page1, filtered] = shapes();
    const lists: [string, string][] = [
      ["page 1", page1?.[1] ?? ""],
      ["page 500", `${page1?.[1]}&page=500`],
      ["a month + a status", filtered?.[1] ?? ""],
    ];
    console.log(
      `\n  GET api/expedition, ${CONNECTIONS} connections, ${SECONDS} s after 2 s (target p99 <= ${TARGET_LIST_P99_MS} ms)`,
    );
    console.log(
      `  ${"list".padEnd(20)} ${"p50 ms".padStart(7)} ${"p99 ms".padStart(7)} ${"req/s".padStart(7)} errors  CPU ms/req  load  target`,
    );
    for (const [label, path] of lists) {
      const figure = await measureList(server, label, path, admin);
      console.log(
        `  ${label.padEnd(20)} ${String(figure.p50).padStart(7)} ${String(figure.p99).padStart(7)} ${figure.rps.toFixed(0).padStart(7)} ${String(figure.errors).padStart(6)}  ${figure.cpuMs.toFixed(2).padStart(10)}  ${figure.load.padStart(4)}  ${met(figure.p99 <= TARGET_LIST_P99_MS)}`,
      );
    }
    console.log("\n  Change feed");
    await catchUp(server, admin, databaseUrl);
    console.log();
    await timeBi(server, admin, client);
  } finally {
    await server?.stop();
    await withAdmin(baseUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runScaleBench().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
