#!/usr/bin/env node
// `npm test`: every test, fail-fast. check -> vitest (all projects, the build alongside at a
// low priority) -> Chromium -> build (collected) -> Playwright (-> the API suite on PostgreSQL with YARDLINE_POSTGRES_URL, run alongside). Prints each step's wall time and closes with one line "N passed, N failed"
// summing the vitest and Playwright counts (a failed step that reported no failing test
// counts as one failure, so a broken run never reads "0 failed").
import { mkdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { playwrightFailures, printFailures, vitestFailures } from "./lib/failed-tests.mjs";
import { bin, printSummary, ROOT, run, seconds, step } from "./lib/steps.mjs";

const REPORTS = join(ROOT, "test-results");
const VITEST_JSON = join(REPORTS, "vitest.json");
const PLAYWRIGHT_JSON = join(REPORTS, "playwright.json");
/** Machine-readable totals for .ci/run (or YARDLINE_TEST_SUMMARY). */
const SUMMARY_JSON = process.env.YARDLINE_TEST_SUMMARY ?? join(REPORTS, "summary.json");

mkdirSync(REPORTS, { recursive: true });
rmSync(VITEST_JSON, { force: true });
rmSync(PLAYWRIGHT_JSON, { force: true });

function readJson(path) {
  try {
    return JSON.parse(readFileSync(path, "utf8"));
  } catch {
    return undefined;
  }
}

/** Vitest's JSON report (Jest-compatible fields). */
function vitestCounts() {
  const report = readJson(VITEST_JSON);
  if (!report) return undefined;
  return {
    passed: report.numPassedTests ?? 0,
    failed: report.numFailedTests ?? 0,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failedFiles: report.numFailedTestSuites ?? 0,
  };
}

/** Playwright's JSON report; a test that passed on retry counts as passed (and as flaky). */
function playwrightCounts() {
  const stats = readJson(PLAYWRIGHT_JSON)?.stats;
  if (!stats) return undefined;
  return {
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: stats.unexpected ?? 0,
    skipped: stats.skipped ?? 0,
    flaky: stats.flaky ?? 0,
  };
}

function formatCounts(counts, extra = "") {
  return `${counts.passed} passed, ${counts.failed} failed, ${counts.skipped} skipped${extra}`;
}

const STEPS = [
  [
    "check",
    "check (biome, tsc, lingui)",
    async () => {
      const { status } = await run(process.execPath, ["scripts/check.mjs"]);
      return { ok: status === 0 };
    },
  ],
  [
    "vitest",
    "vitest (all projects)",
    async () => {
      const { status } = await run(bin("vitest"), [
        "run",
        "--reporter=default",
        "--reporter=json",
        `--outputFile.json=${VITEST_JSON}`,
      ]);
      const counts = vitestCounts();
      if (!counts) return { ok: false, detail: `vitest exited with ${status} and wrote no report` };
      const files = counts.failedFiles ? `, ${counts.failedFiles} failed file(s)` : "";
      return { ok: status === 0, counts, detail: formatCounts(counts, files) };
    },
  ],
  [
    "chromium",
    "ensure chromium",
    async () => {
      // Started with the run (below): a missing Chromium downloads while the tests above run.
      const { status, output } = await chromiumReady();
      process.stdout.write(output);
      return { ok: status === 0 };
    },
  ],
  [
    "build",
    "build",
    async () => {
      // Started with vitest (below), behind it: this step waits for it and shows its output.
      const { status, output } = await clientBuild();
      process.stdout.write(output);
      return { ok: status === 0 };
    },
  ],
  [
    "postgres",
    "vitest api on PostgreSQL (alongside the build and Playwright)",
    async () => {
      const { status, output } = await postgresSuite();
      process.stdout.write(output);
      const report = readJson(POSTGRES_JSON);
      if (!report) return { ok: false, detail: `vitest exited with ${status} and wrote no report` };
      const counts = {
        passed: report.numPassedTests ?? 0,
        failed: report.numFailedTests ?? 0,
        skipped: report.numPendingTests ?? 0,
      };
      return { ok: status === 0, counts, detail: formatCounts(counts) };
    },
  ],
  [
    "e2e",
    "playwright",
    async () => {
      const { status } = await run(bin("playwright"), ["test"], {
        env: { PLAYWRIGHT_JSON_OUTPUT_FILE: PLAYWRIGHT_JSON },
      });
      const counts = playwrightCounts();
      if (!counts) {
        return { ok: false, detail: `playwright exited with ${status} and wrote no report` };
      }
      const flaky = counts.flaky ? ` (${counts.flaky} flaky)` : "";
      return { ok: status === 0, counts, detail: formatCounts(counts, flaky) };
    },
  ],
];

// `npm test -- --skip=e2e,build` leaves steps out for a quicker local loop (never in CI).
const skipArg = process.argv.find((arg) => arg.startsWith("--skip="));
const skipIds = new Set(skipArg ? skipArg.slice("--skip=".length).split(",") : []);
const unknown = [...skipIds].filter((id) => !STEPS.some(([stepId]) => stepId === id));
if (unknown.length > 0) {
  console.error(`unknown step(s) ${unknown.join(", ")}: use ${STEPS.map(([id]) => id).join(", ")}`);
  process.exit(2);
}

/**
 * Chromium is made sure of from the start (an install downloads while check and vitest run);
 * its step only waits for it.
 */
let chromiumRun;
function chromiumReady() {
  chromiumRun ??= run(process.execPath, ["scripts/ensure-chromium.mjs"], { capture: true });
  return chromiumRun;
}
if (!skipIds.has("chromium") && !skipIds.has("e2e")) void chromiumReady();

/**
 * The client build starts when vitest does, at a low priority: it fills the CPU that vitest
 * leaves idle (files waiting on PGlite, a worker starting, the last long file) instead of
 * running alone after it; no vitest test reads dist/. A build still running when a step fails
 * is waited for at the end, never left behind.
 */
let buildRun;
function clientBuild() {
  buildRun ??= run("npm", ["run", "--silent", "build"], { capture: true, priority: 10 });
  return buildRun;
}
const buildNeeded = !skipIds.has("build");

/**
 * With YARDLINE_POSTGRES_URL (CI: .ci/run), the API suite runs a second time on that
 * PostgreSQL database, started after vitest and running alongside the build and Playwright
 * (which mostly wait on the browser); its step, last, collects the result.
 */
const POSTGRES_URL = process.env.YARDLINE_POSTGRES_URL;
const POSTGRES_JSON = join(REPORTS, "vitest-postgres.json");
let postgresRun;
function postgresSuite() {
  postgresRun ??= run(
    bin("vitest"),
    [
      "run",
      "--project",
      "api",
      "--reporter=dot",
      "--reporter=json",
      `--outputFile.json=${POSTGRES_JSON}`,
    ],
    { env: { DATABASE_URL: POSTGRES_URL }, capture: true },
  );
  return postgresRun;
}
if (!POSTGRES_URL) skipIds.add("postgres");
rmSync(POSTGRES_JSON, { force: true });

const started = Date.now();
const results = [];
const skipped = [];
let stopped = false;
// The PostgreSQL suite's step is collected last; it starts once vitest has passed.
const ORDERED = [
  ...STEPS.filter(([id]) => id !== "postgres"),
  ...STEPS.filter(([id]) => id === "postgres"),
];
for (const [id, name, fn] of ORDERED) {
  // A PostgreSQL run already under way is always collected, even after a failed step.
  const underWay = id === "postgres" && postgresRun !== undefined;
  if (!underWay && (stopped || skipIds.has(id))) {
    if (id !== "postgres" || POSTGRES_URL) skipped.push(stopped ? name : `${name} (--skip)`);
    continue;
  }
  if (id === "vitest" && buildNeeded) void clientBuild();
  const result = await step(results, name, fn);
  if (!result.ok) stopped = true;
  if (id === "vitest" && result.ok && POSTGRES_URL) void postgresSuite();
}

// Never leave a Chromium install or a build running behind a failed run.
if (chromiumRun) await chromiumRun;
if (buildRun) await buildRun;

let passed = 0;
let failed = 0;
for (const result of results) {
  passed += result.counts?.passed ?? 0;
  failed += result.counts?.failed ?? 0;
  if (!result.ok && !result.counts?.failed) failed += 1;
}

const ok = results.every((r) => r.ok);
printSummary(
  `npm test ${ok ? "passed" : "FAILED"} in ${seconds(Date.now() - started)}`,
  results,
  skipped,
);
// Last, where a CI log's tail shows them: which tests failed, or passed only on retry.
printFailures("Tests that failed or passed only on retry (details in test-results/):", [
  ...vitestFailures(readJson(VITEST_JSON)),
  ...vitestFailures(readJson(POSTGRES_JSON)).map((name) => `on PostgreSQL: ${name}`),
  ...playwrightFailures(readJson(PLAYWRIGHT_JSON)),
]);
writeFileSync(
  SUMMARY_JSON,
  `${JSON.stringify({ ok, passed, failed, steps: results, skipped }, null, 2)}\n`,
);
console.log(`${passed} passed, ${failed} failed`);
process.exit(ok ? 0 : 1);
