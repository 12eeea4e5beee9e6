/**
 * Offline engine benchmark (issue 5), part of `npm run bench`; figures only, never pass/fail.
 *
 * Runs the app's own offline modules in real Chromium (Playwright, /usr/bin/chromium or
 * CHROMIUM_PATH, headless): scripts/bench/offline-entry.ts is bundled with Vite's build API
 * (the Lingui macro plugin, nothing else) and served on the origin of a real API server
 * (src/server/main.ts on a free port, fresh PGlite data directory, demo seed), so the sync
 * engine talks to it exactly as the app does. No client build (dist) is needed.
 *
 * (a) mirror writes: 10,000 shipments through the app's list writer (writeShipmentsPage: one
 *     transaction, newer-version and queued-row guards, bulkPut in chunks of 500, gone rows,
 *     page record) and through its bare chunked bulkPut, against plain IndexedDB putting the
 *     same objects into a store with the same key and indexes in the same chunks, with default
 *     and with strict durability (the app's database asks for strict). Median of RUNS.
 * (b) enqueue latency: enqueue() of a status command (outbox entry + optimistic row in one
 *     strict transaction), 500 samples after 20 warm-up ones, engine not running; and the same
 *     for mixed write kinds (issue 24: a status change, a truck created offline, a 20 KB photo
 *     whose bytes go into the outbox, an expedition booked by its form, a form edit of a
 *     line, a repeated expedition of 2 days (one series entry), a status change, in turn).
 * (c) replay rate: 1,000 status changes queued offline over the demo company's lines, then
 *     the sync engine started: changes per second from start to an empty outbox (the replayer
 *     sends runs of distinct lines in batches, POST api/shipment-changes); and 1,000 writes of
 *     the mixed kinds above (trucks, photos, bookings and form edits go one request each and
 *     end a batch run, so the figure follows the server's cost per request: compare "(c) server
 *     alone").
 * (d) back online: with the engine running and a few changes queued offline (the replayer in
 *     its backoff), the network returns (context.setOffline(false)); time from the page's
 *     `online` event to the first change request leaving the browser (PATCH or batch;
 *     Playwright request timing, both
 *     wall clocks of this machine). Median and worst of ONLINE_ROUNDS.
 * Alone: `node --import tsx scripts/bench-offline.ts`; BENCH_OFFLINE=a,b picks measurements,
 * BENCH_REPLAY_CHANGES changes (c)'s queue. The figures follow the machine's load. "(c) server
 * alone" is one PATCH at a time from Node: what replay reached before batches.
 */
import { type ChildProcess, spawn } from "node:child_process";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { type Browser, chromium, type Page, type Request } from "@playwright/test";
import babel from "@rolldown/plugin-babel";
import { build } from "vite";
import type { OfflineBench } from "./bench/offline-entry";

const ROOT = fileURLToPath(new URL("..", import.meta.url));
const ENTRY = join(ROOT, "scripts/bench/offline-entry.ts");
const ROWS = 10_000;
const RUNS = 3;
const ENQUEUE_SAMPLES = 500;
const REPLAY_CHANGES = Number(process.env.BENCH_REPLAY_CHANGES ?? 1_000);
const SERVER_PATCHES = 100;
const ONLINE_ROUNDS = 5;
const ONLINE_CHANGES = 3;
/** Long enough for the replayer to fail offline and sit in its first backoff. */
const OFFLINE_WAIT_MS = 1_500;
const USER = "office";
/** BENCH_OFFLINE=a,c runs only those measurements (all by default). */
const ONLY = (process.env.BENCH_OFFLINE ?? "a,b,c,d").split(",").map((key) => key.trim());
const PASSWORD = "yardline";

const TARGETS = {
  ratio: 0.8,
  enqueueP95Ms: 15,
  replayPerSecond: 200,
  firstChangeMs: 2_000,
};

declare global {
  interface Window {
    offlineBench: OfflineBench;
  }
}

/** The entry and everything it imports as one ES module. */
async function bundleEntry(): Promise<string> {
  const result = await build({
    configFile: false,
    root: ROOT,
    logLevel: "error",
    mode: "production",
    plugins: [babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] })],
    // Library mode leaves process.env alone; the browser has none.
    define: { "process.env.NODE_ENV": JSON.stringify("production") },
    build: {
      write: false,
      minify: false,
      sourcemap: false,
      copyPublicDir: false,
      lib: { entry: ENTRY, formats: ["es"], fileName: () => "offline-entry.js" },
      rolldownOptions: { output: { codeSplitting: false } },
    },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as {
    output?: { type: string; code?: string; isEntry?: boolean }[];
  }[];
  const chunk = outputs
    .flatMap((each) => each.output ?? [])
    .find((item) => item.type === "chunk" && item.isEntry);
  if (!chunk?.code) throw new Error("Vite produced no entry chunk for the offline bench");
  return chunk.code;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const address = server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}

interface RunningServer {
  base: string;
  stop: () => Promise<void>;
}

/** src/server/main.ts on a fresh data directory (migrated and seeded), API only. */
async function startServer(): Promise<RunningServer> {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), "yardline-bench-"));
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    PORT: String(port),
    HOST: "127.0.0.1",
    DATA_DIR: dataDir,
    STATIC_DIR: join(dataDir, "no-client"),
    LOG_LEVEL: "error",
    JWT_SECRET: "yardline-bench-secret-not-for-production-0123456789",
    LOGIN_MAX_FAILURES_PER_USER: "1000",
    LOGIN_MAX_FAILURES_PER_IP: "100000",
  };
  delete env.DATABASE_URL;
  const child: ChildProcess = spawn(process.execPath, ["--import", "tsx", "src/server/main.ts"], {
    cwd: ROOT,
    env,
    stdio: ["ignore", "ignore", "pipe"],
  });
  let stderr = "";
  child.stderr?.on("data", (data: Buffer) => {
    stderr += data.toString();
  });
  const base = `http://127.0.0.1:${port}`;
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 5_000))]);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 180_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) break;
    try {
      if ((await fetch(`${base}/healthz`)).ok) return { base, stop };
    } catch {
      // Not listening yet (migrations and the demo seed run first).
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  await stop();
  throw new Error(`The API server did not start:\n${stderr}`);
}

/** The bench page on the server's origin, the bundle loaded, signed in as USER. */
async function openBenchPage(browser: Browser, base: string, code: string) {
  const context = await browser.newContext({ serviceWorkers: "block" });
  await context.route(`${base}/__bench/**`, (route) => {
    const url = new URL(route.request().url());
    if (url.pathname.endsWith(".js"))
      return route.fulfill({ contentType: "text/javascript", body: code });
    return route.fulfill({
      contentType: "text/html",
      body: '<!doctype html><title>offline bench</title><script type="module" src="/__bench/offline-entry.js"></script>',
    });
  });
  const page = await context.newPage();
  page.on("pageerror", (error) => console.error("[bench page]", error.message));
  await page.goto(`${base}/__bench/index.html`);
  await page.waitForFunction(() => "offlineBench" in window);
  await page.evaluate(([user, password]) => window.offlineBench.signIn(user, password), [
    USER,
    PASSWORD,
  ] as const);
  return { context, page };
}

const median = (values: readonly number[]) => quantile(values, 0.5);

function quantile(values: readonly number[], q: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  if (sorted.length === 0) return Number.NaN;
  const position = (sorted.length - 1) * q;
  const low = Math.floor(position);
  const high = Math.ceil(position);
  return (sorted[low] ?? 0) + ((sorted[high] ?? 0) - (sorted[low] ?? 0)) * (position - low);
}

interface Row {
  figure: string;
  value: string;
  target: string;
}

async function measureMirror(page: Page, rows: Row[]): Promise<void> {
  const times = { writer: [] as number[], bulkPut: [] as number[], raw: [] as number[] };
  const strict: number[] = [];
  // Interleaved, so a burst of load on the machine touches every variant alike.
  for (let run = 0; run < RUNS; run++) {
    times.writer.push(await page.evaluate((n) => window.offlineBench.mirrorWriter(n), ROWS));
    times.bulkPut.push(await page.evaluate((n) => window.offlineBench.mirrorBulkPut(n), ROWS));
    times.raw.push(await page.evaluate((n) => window.offlineBench.rawPut(n, "default"), ROWS));
    strict.push(await page.evaluate((n) => window.offlineBench.rawPut(n, "strict"), ROWS));
  }
  await page.evaluate(() => window.offlineBench.resetMirror());
  const rate = (ms: number[]) => ROWS / (median(ms) / 1000);
  const [writer, bulkPut, raw, rawStrict] = [times.writer, times.bulkPut, times.raw, strict].map(
    rate,
  ) as [number, number, number, number];
  const perSecond = (value: number) => `${Math.round(value).toLocaleString("en")} rows/s`;
  const ratio = (value: number) => value.toFixed(2);
  const target = `≥ ${TARGETS.ratio}`;
  rows.push(
    { figure: `(a) app mirror writer, ${ROWS} rows`, value: perSecond(writer), target: "" },
    { figure: "(a) app chunked bulkPut only", value: perSecond(bulkPut), target: "" },
    { figure: "(a) raw IndexedDB, default durability", value: perSecond(raw), target: "" },
    { figure: "(a) raw IndexedDB, strict durability", value: perSecond(rawStrict), target: "" },
    { figure: "(a) ratio writer / raw default", value: ratio(writer / raw), target },
    { figure: "(a) ratio writer / raw strict", value: ratio(writer / rawStrict), target },
    { figure: "(a) ratio bulkPut / raw default", value: ratio(bulkPut / raw), target },
    { figure: "(a) ratio bulkPut / raw strict", value: ratio(bulkPut / rawStrict), target },
  );
}

async function measureEnqueue(page: Page, rows: Row[]): Promise<void> {
  const samples = await page.evaluate(
    (n) => window.offlineBench.enqueueLatency(n),
    ENQUEUE_SAMPLES,
  );
  const mixed = await page.evaluate(
    (n) => window.offlineBench.enqueueMixedLatency(n),
    ENQUEUE_SAMPLES,
  );
  const ms = (value: number) => `${value.toFixed(1)} ms`;
  rows.push(
    {
      figure:
        "(b) mixed kinds: enqueue p50 (status, truck, 20 KB photo, booking, form edit, series, status)",
      value: ms(median(mixed)),
      target: "",
    },
    {
      figure: "(b) mixed kinds: enqueue p95",
      value: ms(quantile(mixed, 0.95)),
      target: `≤ ${TARGETS.enqueueP95Ms} ms`,
    },
    { figure: "(b) mixed kinds: enqueue max", value: ms(Math.max(...mixed)), target: "" },
  );
  rows.push(
    {
      figure: `(b) enqueue p50 (${samples.length} samples)`,
      value: ms(median(samples)),
      target: "",
    },
    {
      figure: "(b) enqueue p95",
      value: ms(quantile(samples, 0.95)),
      target: `≤ ${TARGETS.enqueueP95Ms} ms`,
    },
    { figure: "(b) enqueue max", value: ms(Math.max(...samples)), target: "" },
  );
}

/**
 * The server alone: `count` sequential status PATCHes from Node (If-Match, Idempotency-Key), the
 * ceiling any replay from the browser can reach. Milliseconds in all.
 */
async function serverPatches(base: string, count: number): Promise<number> {
  const json = { "content-type": "application/json" };
  const tokens = await fetch(`${base}/get-token`, {
    method: "POST",
    headers: json,
    body: JSON.stringify({ username: USER, password: PASSWORD }),
  });
  const { access } = (await tokens.json()) as { access: string };
  const auth = { Authorization: `Bearer ${access}` };
  const profile = (await (await fetch(`${base}/api/user/auth`, { headers: auth })).json()) as {
    user: { groups: { id: number }[] };
  };
  const headers = { ...auth, ...json, company: String(profile.user.groups[0]?.id ?? "") };
  const list = (await (
    await fetch(`${base}/api/expedition?page_size=1000`, { headers })
  ).json()) as { results: { id: number; version: number; status: { id: number } }[] };
  const started = performance.now();
  for (let index = 0; index < count; index++) {
    const line = list.results[index % list.results.length];
    if (!line) throw new Error("the demo company has no expeditions");
    const answer = await fetch(`${base}/api/expedition/${line.id}`, {
      method: "PATCH",
      headers: { ...headers, "If-Match": `"${line.version}"`, "Idempotency-Key": randomUUID() },
      body: JSON.stringify({ status: line.status.id === 998 ? 10 : 998 }),
    });
    if (!answer.ok) throw new Error(`PATCH ${line.id}: ${answer.status}`);
    Object.assign(line, await answer.json());
  }
  return performance.now() - started;
}

async function measureReplay(page: Page, rows: Row[]): Promise<void> {
  const ceiling = await serverPatches(new URL(page.url()).origin, SERVER_PATCHES);
  rows.push({
    figure: `(c) server alone: ${SERVER_PATCHES} PATCHes from Node`,
    value: `${Math.round(SERVER_PATCHES / (ceiling / 1000))} changes/s`,
    target: "",
  });
  const lines = await page.evaluate(() => window.offlineBench.loadLines());
  await page.context().setOffline(true);
  await page.evaluate((n) => window.offlineBench.queueChanges(n), REPLAY_CHANGES);
  await page.context().setOffline(false);
  const { ms, sendMs, sent, requests, refused } = await page.evaluate(() =>
    window.offlineBench.replayAll(),
  );
  const mixed = await replayMixed(page, lines);
  rows.push(
    {
      figure: `(c) replay ${REPLAY_CHANGES} changes over ${lines} lines`,
      value: `${Math.round(REPLAY_CHANGES / (ms / 1000))} changes/s (${(ms / 1000).toFixed(1)} s)`,
      target: `≥ ${TARGETS.replayPerSecond}/s`,
    },
    {
      figure: "(c) of which in requests / on the device",
      value: `${Math.round((100 * sendMs) / ms)} % / ${Math.round(100 - (100 * sendMs) / ms)} % (${sent} changes in ${requests} requests, ${refused} refused)`,
      target: "",
    },
    ...mixed,
  );
}

/**
 * (c) for the mixed kinds (issue 24): REPLAY_CHANGES writes, a seventh each truck creations,
 * 20 KB photos, bookings, form edits and 2-day series, two sevenths status changes, queued
 * offline and replayed by the one engine.
 */
async function replayMixed(page: Page, lines: number): Promise<Row[]> {
  await page.context().setOffline(true);
  await page.evaluate((n) => window.offlineBench.queueMixedChanges(n), REPLAY_CHANGES);
  await page.context().setOffline(false);
  const { ms, sent, requests, refused } = await page.evaluate(() =>
    window.offlineBench.replayAll(),
  );
  return [
    {
      figure: `(c) mixed kinds: replay ${REPLAY_CHANGES} writes over ${lines} lines`,
      value: `${Math.round(REPLAY_CHANGES / (ms / 1000))} writes/s (${(ms / 1000).toFixed(1)} s; ${sent} sent in ${requests} requests, ${refused} refused)`,
      target: `≥ ${TARGETS.replayPerSecond}/s`,
    },
  ];
}

/** A request the replayer sends: a PATCH alone, or a batch of queued changes. */
function isReplayWrite(request: Request): boolean {
  return (
    request.method() === "PATCH" ||
    (request.method() === "POST" && request.url().endsWith("/api/shipment-changes"))
  );
}

async function measureOnline(page: Page, rows: Row[]): Promise<void> {
  const context = page.context();
  const patches: Request[] = [];
  const failures: string[] = [];
  let onlineAt = Number.POSITIVE_INFINITY;
  page.on("requestfinished", (request) => {
    if (isReplayWrite(request)) patches.push(request);
  });
  page.on("requestfailed", (request) => {
    if (isReplayWrite(request) && request.timing().startTime >= onlineAt)
      failures.push(request.failure()?.errorText ?? "failed");
  });
  const toRequest: number[] = [];
  const toSend: number[] = [];
  await page.evaluate(() => window.offlineBench.loadLines());
  await page.evaluate(() => window.offlineBench.startSync());
  for (let round = 0; round < ONLINE_ROUNDS; round++) {
    patches.length = 0;
    onlineAt = Number.POSITIVE_INFINITY;
    await context.setOffline(true);
    await page.evaluate((n) => window.offlineBench.queueChanges(n), ONLINE_CHANGES);
    await new Promise((resolve) => setTimeout(resolve, OFFLINE_WAIT_MS));
    onlineAt = Date.now();
    await context.setOffline(false);
    const outcome = await page.evaluate(() => window.offlineBench.onlineOutcome());
    if (outcome.onlineAt === null) throw new Error("the page saw no online event");
    const at = outcome.onlineAt;
    const starts = patches.map((request) => request.timing().startTime).filter((t) => t >= at);
    if (starts.length > 0) toRequest.push(Math.min(...starts) - at);
    if (outcome.firstSend !== null) toSend.push(outcome.firstSend - at);
  }
  await page.evaluate(() => window.offlineBench.stopSync());
  const ms = (values: number[]) =>
    values.length === 0
      ? "n/a"
      : `${Math.round(median(values))} ms median, ${Math.round(Math.max(...values))} ms worst`;
  const failed = [...new Set(failures)].join(", ");
  rows.push(
    {
      figure: `(d) online event → first change answered (${toRequest.length} rounds)`,
      value: ms(toRequest),
      target: `≤ ${TARGETS.firstChangeMs} ms`,
    },
    { figure: "(d) online event → replayer's first send", value: ms(toSend), target: "" },
    {
      figure: "(d) change requests failed once online",
      value: failures.length === 0 ? "0" : `${failures.length} (${failed})`,
      target: "",
    },
  );
}

function printTable(rows: readonly Row[]): void {
  const headers = { figure: "Offline engine", value: "Measured", target: "Target" };
  const width = (key: keyof Row) =>
    Math.max(headers[key].length, ...rows.map((row) => row[key].length));
  const [a, b, c] = [width("figure"), width("value"), width("target")];
  const line = (row: Row) =>
    `${row.figure.padEnd(a)}  ${row.value.padEnd(b)}  ${row.target.padEnd(c)}`.trimEnd();
  console.log(line(headers));
  console.log(`${"-".repeat(a)}  ${"-".repeat(b)}  ${"-".repeat(c)}`);
  for (const row of rows) console.log(line(row));
}

/** Runs every measurement and prints the table; throws only when the bench cannot run. */
export async function runOfflineBench(): Promise<void> {
  const started = Date.now();
  const [code, server] = await Promise.all([bundleEntry(), startServer()]);
  let browser: Browser | undefined;
  try {
    browser = await chromium.launch({
      executablePath: process.env.CHROMIUM_PATH ?? "/usr/bin/chromium",
      headless: true,
      args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
    });
    const { page } = await openBenchPage(browser, server.base, code);
    const rows: Row[] = [];
    const steps = { a: measureMirror, b: measureEnqueue, c: measureReplay, d: measureOnline };
    for (const [key, step] of Object.entries(steps)) if (ONLY.includes(key)) await step(page, rows);
    console.log(
      `\nOffline engine in Chromium ${browser.version()} against the local API (${USER}), ` +
        `${((Date.now() - started) / 1000).toFixed(0)} s\n`,
    );
    printTable(rows);
  } finally {
    await browser?.close();
    await server.stop();
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  runOfflineBench().catch((error: unknown) => {
    console.error("Offline bench failed:", error);
    process.exit(1);
  });
}
