/**
 * HTTP throughput of GET api/expedition under load (part of `npm run bench`): Yardline vs a
 * bare Fastify + pg handler running the same two queries (scripts/bench/bare-server.ts), both
 * on one PostgreSQL (BENCH_DATABASE_URL or DATABASE_URL, default 127.0.0.1:5432; a scratch
 * database with the demo data and BENCH_SHIPMENTS (100,000) shipments, created and dropped
 * here), then Yardline on in-memory PGlite (the default) twice, PGlite in its worker thread (as
 * `npm start` runs it) and PGlite in the server's thread (PGLITE_THREAD=inline), with each
 * PGlite cell's ratio to Yardline's on PostgreSQL (issue 30's target: >= 0.8 at 16
 * connections, p99 under 50 ms at 1). Each server is a child process
 * listening on 127.0.0.1; autocannon drives it for BENCH_SECONDS (4) per cell after a 1 s
 * warm-up, at 1, 16 and 64 connections, on page 1 unfiltered and filtered by a month and a
 * status. Reports requests/s, p99 latency, the server's CPU per request (process.cpuUsage of
 * the child around the run: every thread of that process, nothing else), the Yardline/bare
 * ratio and the machine's 1-minute load average. Figures, not pass/fail.
 *
 * Steady state, measured alike: each server starts from a collected heap (forked with
 * --expose-gc; the servers call gc() after their setup, so the 100,000-line seed's garbage is
 * not collected inside the first cell), serves both lists for BENCH_WARMUP_SECONDS (3) each
 * before any cell (a new process runs unoptimised code for its first thousands of requests:
 * with only the cell's own 1 s warm-up, Yardline's first cell, page 1 at 1 connection, counted
 * its JIT warm-up and that GC), and its idle CPU over a second is printed (a timer or poller
 * shows there). The two servers' cells alternate (bare, then Yardline, cell by cell), so on a
 * shared machine both meet the same load. Two floors, in the same run: "bare plain", the
 * brief's bare Fastify + pg handler (pool.query with the SQL text: PostgreSQL parses and plans
 * it on every request), which the targets (ratio >= 0.6) refer to; and "bare prep", the same
 * handler with named prepared statements as Yardline sends them, a stricter floor that leaves
 * only Node's own work (token, context, validation, mapping) between the two.
 */
import { randomBytes } from "node:crypto";
import { availableParallelism, loadavg } from "node:os";
import { pathToFileURL } from "node:url";
import autocannon from "autocannon";
import pg from "pg";
import { STATUSES } from "../src/shared/contract/status";
import { type Server, startServer as start } from "./bench/fork-server";

const SHIPMENTS = Number(process.env.BENCH_SHIPMENTS ?? 100_000);
const SECONDS = Number(process.env.BENCH_SECONDS ?? 4);
const WARMUP_SECONDS = Number(process.env.BENCH_WARMUP_SECONDS ?? 3);
const CONNECTIONS = [1, 16, 64];
/** The targets the brief sets: Yardline at least 0.6 of bare, at most 2 ms CPU a request. */
const TARGET_RATIO = 0.6;
const TARGET_CPU_MS = 2;

interface Cell {
  rps: number;
  p99: number;
  cpuMs: number;
  errors: number;
  /** The machine's 1-minute load average when the cell ended. */
  load: number;
}

async function load(server: Server, path: string, connections: number, headers = {}) {
  const run = (duration: number) =>
    autocannon({ url: `${server.base}${path}`, connections, duration, headers });
  await run(1);
  const before = await server.cpu();
  const result = await run(SECONDS);
  const after = await server.cpu();
  // Let the requests still queued when autocannon stopped finish (PGlite answers one at a
  // time), so the next cell does not start behind this one's backlog.
  await fetch(`${server.base}${path}`, { headers });
  const cpuMicros = after.user - before.user + (after.system - before.system);
  const ok = result["2xx"];
  return {
    rps: result.requests.average,
    p99: result.latency.p99,
    cpuMs: ok > 0 ? cpuMicros / 1000 / ok : Number.NaN,
    errors: result.errors + result.non2xx + result.timeouts,
    load: loadavg()[0] ?? Number.NaN,
  } satisfies Cell;
}

export async function tokenOf(server: Server, username = "admin"): Promise<string> {
  const response = await fetch(`${server.base}/get-token`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ username, password: "yardline" }),
  });
  if (!response.ok) throw new Error(`login: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { token: string }).token;
}

/** Page 1 unfiltered, and page 1 of this month's lines in the first expedition status. */
export function shapes(): [string, string][] {
  const now = new Date();
  const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
  const last = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 0));
  const day = (date: Date) => date.toISOString().slice(0, 10);
  const status = STATUSES.find((each) => each.type === 1)?.id ?? 1;
  return [
    ["page 1", "/api/expedition?page_size=10"],
    [
      "month + status",
      `/api/expedition?page_size=10&booked_date_after=${day(first)}&booked_date_before=${day(last)}&status=${status}`,
    ],
  ];
}

const fmt = (value: number, digits = 0) => (Number.isFinite(value) ? value.toFixed(digits) : "-");

function printRow(cells: string[]) {
  const widths = [20, 6, 12, 10, 10, 8, 11, 6, 6, 8];
  console.log(`  ${cells.map((cell, i) => cell.padStart(widths[i] ?? 8)).join(" ")}`);
}

async function companyOf(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    const { rows } = await client.query<{ id: number }>(
      "select id from companies where name = 'Yardline Demo'",
    );
    return rows[0]?.id ?? 1;
  } finally {
    await client.end();
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

interface Target {
  server: Server;
  headers: Record<string, string>;
}

/** Steady state before the first cell: both lists, then the idle CPU over a second. */
async function warmUp({ server, headers }: Target): Promise<void> {
  if (WARMUP_SECONDS > 0) {
    for (const [, path] of shapes()) {
      await autocannon({
        url: `${server.base}${path}`,
        connections: 16,
        duration: WARMUP_SECONDS,
        headers,
      });
    }
  }
  const before = await server.cpu();
  await new Promise((resolve) => setTimeout(resolve, 1000));
  const after = await server.cpu();
  const idle = (after.user - before.user + (after.system - before.system)) / 1000;
  console.log(`  ${server.label}: idle CPU ${idle.toFixed(0)} ms over 1 s after the warm-up`);
}

/** Every cell for every server, the servers taking turns within each cell. */
async function measure(targets: Target[]) {
  for (const target of targets) await warmUp(target);
  const rows = targets.map(({ server }) => ({
    label: server.label,
    results: new Map<string, Cell>(),
  }));
  for (const [shape, path] of shapes()) {
    for (const connections of CONNECTIONS) {
      for (const [index, { server, headers }] of targets.entries()) {
        rows[index]?.results.set(
          `${shape}@${connections}`,
          await load(server, path, connections, headers),
        );
      }
    }
  }
  return rows;
}

/** The floors a row is compared with: a plain pg handler (the brief's), and a prepared one. */
interface Floors {
  plain?: Map<string, Cell>;
  prepared?: Map<string, Cell>;
}

function report(rows: { label: string; results: Map<string, Cell> }[], floors: Floors = {}) {
  printRow([
    "server / list",
    "conns",
    "requests/s",
    "p99 ms",
    "CPU ms/req",
    "vs plain",
    "vs prepared",
    "errors",
    "load",
    "",
  ]);
  for (const { label, results } of rows) {
    const isFloor = label.startsWith("bare");
    for (const [key, cell] of results) {
      const [shape, connections] = key.split("@");
      const ratioTo = (floor?: Map<string, Cell>) => {
        const base = floor?.get(key);
        return base && !isFloor ? cell.rps / base.rps : Number.NaN;
      };
      const plain = ratioTo(floors.plain);
      const flags = [
        !isFloor && cell.cpuMs > TARGET_CPU_MS ? "cpu!" : "",
        Number.isFinite(plain) && plain < TARGET_RATIO ? "ratio!" : "",
      ].join("");
      printRow([
        `${label} ${shape}`.slice(0, 20),
        connections ?? "",
        fmt(cell.rps),
        fmt(cell.p99, 1),
        fmt(cell.cpuMs, 2),
        fmt(plain, 2),
        fmt(ratioTo(floors.prepared), 2),
        String(cell.errors),
        fmt(cell.load, 1),
        flags,
      ]);
    }
  }
}

async function onPostgres(baseUrl: string): Promise<Map<string, Cell> | undefined> {
  const name = `yardline_bench_http_${Date.now().toString(36)}_${randomBytes(3).toString("hex")}`;
  await withAdmin(baseUrl, (client) => client.query(`create database "${name}"`));
  const url = new URL(baseUrl);
  url.pathname = `/${name}`;
  const database = url.toString();
  const servers: Server[] = [];
  try {
    const started = performance.now();
    const yardline = await start("yardline", "./yardline-server.ts", {
      BENCH_DATABASE: database,
      BENCH_SEED_SHIPMENTS: String(SHIPMENTS),
    });
    servers.push(yardline);
    console.log(
      `PostgreSQL: ${SHIPMENTS.toLocaleString("en")} shipments seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const company = String(await companyOf(database));
    const plain = await start("bare plain", "./bare-server.ts", {
      BENCH_DATABASE: database,
      BENCH_COMPANY: company,
      BENCH_BARE_UNNAMED: "1",
    });
    servers.push(plain);
    const prepared = await start("bare prep", "./bare-server.ts", {
      BENCH_DATABASE: database,
      BENCH_COMPANY: company,
      BENCH_BARE_UNNAMED: "0",
    });
    servers.push(prepared);
    const auth = { authorization: `Bearer ${await tokenOf(yardline)}` };
    const [plainRow, preparedRow, ours] = await measure([
      { server: plain, headers: {} },
      { server: prepared, headers: {} },
      { server: yardline, headers: auth },
    ]);
    if (plainRow && preparedRow && ours) {
      report([plainRow, preparedRow, ours], {
        plain: plainRow.results,
        prepared: preparedRow.results,
      });
    }
    return ours?.results;
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
    await withAdmin(baseUrl, (client) =>
      client.query(`drop database if exists "${name}" with (force)`),
    );
  }
}

/** Each PGlite row's requests/s over Yardline's on PostgreSQL, cell by cell. */
function reportVsPostgres(
  rows: { label: string; results: Map<string, Cell> }[],
  postgres: Map<string, Cell>,
) {
  console.log("  PGlite / PostgreSQL (Yardline's requests/s; target >= 0.8 at 16 connections)");
  for (const { label, results } of rows) {
    const cells = [...results].map(([key, cell]) => {
      const base = postgres.get(key);
      return `${key} ${fmt(base ? cell.rps / base.rps : Number.NaN, 2)}`;
    });
    console.log(`  ${label}: ${cells.join(", ")}`);
  }
}

async function onPglite(postgres?: Map<string, Cell>): Promise<void> {
  const started = performance.now();
  const servers: Server[] = [];
  try {
    for (const thread of ["worker", "inline"]) {
      servers.push(
        await start(`pglite ${thread}`, "./yardline-server.ts", {
          BENCH_DATABASE: "",
          BENCH_PGLITE_THREAD: thread,
          BENCH_SEED_SHIPMENTS: String(SHIPMENTS),
        }),
      );
    }
    console.log(
      `\nPGlite (in memory, the default): seeded in ${((performance.now() - started) / 1000).toFixed(0)} s`,
    );
    const targets: Target[] = [];
    for (const server of servers) {
      targets.push({ server, headers: { authorization: `Bearer ${await tokenOf(server)}` } });
    }
    const rows = await measure(targets);
    report(rows);
    if (postgres) reportVsPostgres(rows, postgres);
  } finally {
    await Promise.all(servers.map((server) => server.stop()));
  }
}

export async function runHttpBench(): Promise<void> {
  console.log(
    `GET api/expedition under load: autocannon ${SECONDS} s per cell after 1 s warm-up ` +
      `(and ${WARMUP_SECONDS} s per list per server before the first); targets: ` +
      `>= ${TARGET_RATIO} of bare, <= ${TARGET_CPU_MS} ms CPU per request; load: the 1-minute ` +
      `load average (${availableParallelism()} cores)\n`,
  );
  const baseUrl =
    process.env.BENCH_DATABASE_URL ??
    process.env.DATABASE_URL ??
    "postgres://postgres@127.0.0.1:5432/postgres";
  let postgres: Map<string, Cell> | undefined;
  try {
    postgres = await onPostgres(baseUrl);
  } catch (error) {
    console.log(`PostgreSQL part skipped: ${error instanceof Error ? error.message : error}`);
  }
  await onPglite(postgres);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  await runHttpBench();
}
