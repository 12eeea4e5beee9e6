import { existsSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { defineConfig, devices } from "@playwright/test";
import { yardClock, yardTimeZone } from "./tests/e2e/yard-time-zone";

/**
 * End-to-end tests: Debian's Chromium (never `playwright install`) against the built app on the
 * real server (scripts/e2e-server.mjs: fresh PGlite data directory per run, demo seed).
 * Run `npm run build` first, or use `npm run test:e2e`, which does.
 */
const CI = Boolean(process.env.CI);
const PORT = Number(process.env.E2E_PORT ?? 8181);
const baseURL = `http://localhost:${PORT}`;
/**
 * One yard clock for the run (tests/e2e/yard-time-zone.ts): chosen once by the runner, inherited by
 * its workers (which load this file again) and the e2e server, and set as every browser's zone.
 * YARDLINE_E2E_YARD_TIME=HH:MM sets it to the minute: the zone gives the hour and the clock
 * of every Node process (yard-clock.cjs, through NODE_OPTIONS) and browser context (fixtures.ts)
 * moves by the remaining minutes.
 */
if (!process.env.YARDLINE_E2E_TIME_ZONE) {
  const yardTime = process.env.YARDLINE_E2E_YARD_TIME;
  const clock = yardTime ? yardClock(yardTime) : { timeZone: yardTimeZone(), shiftMs: 0 };
  process.env.YARDLINE_E2E_TIME_ZONE = clock.timeZone;
  // The demo's lines are placed around this instant (DEMO_NOW): its day is "today" of the demo
  // even once the run has crossed the yard's midnight (yard-time-zone.ts, demoDayClock).
  process.env.YARDLINE_E2E_DEMO_NOW = new Date(Date.now() + clock.shiftMs).toISOString();
  if (clock.shiftMs !== 0) {
    process.env.YARDLINE_E2E_CLOCK_SHIFT_MS = String(clock.shiftMs);
    const preload = `--require ${fileURLToPath(new URL("tests/e2e/yard-clock.cjs", import.meta.url))}`;
    process.env.NODE_OPTIONS = [process.env.NODE_OPTIONS, preload].filter(Boolean).join(" ");
  } else {
    delete process.env.YARDLINE_E2E_CLOCK_SHIFT_MS;
  }
}
const YARD_TIME_ZONE = process.env.YARDLINE_E2E_TIME_ZONE;
process.env.TZ = YARD_TIME_ZONE;

export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
  "--disable-dev-shm-usage",
];

/**
 * Debian's Chromium headless shell (scripts/ensure-chromium.mjs installs it): the same build
 * without the browser's window stack, the headless Chromium Playwright itself ships. Its
 * processes take 45 % less CPU than the full browser's over the suite (968 -> 541 CPU-s on two
 * cores). A window (--headed, --debug, --ui) needs the full browser, as does a machine without
 * the shell; CHROMIUM_PATH picks a binary outright.
 */
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const WANTS_WINDOW =
  Boolean(process.env.PWDEBUG) ||
  process.argv.some((arg) => ["--headed", "--debug", "--ui"].includes(arg));
const CHROMIUM_EXECUTABLE =
  process.env.CHROMIUM_PATH ??
  (!WANTS_WINDOW && existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium");

const CHROMIUM = {
  ...devices["Desktop Chrome"],
  launchOptions: { executablePath: CHROMIUM_EXECUTABLE, args: CHROMIUM_ARGS },
};
/**
 * Journeys that book lines for today in the kiosk walls' company (the check-in terminal's, the
 * documents' lines): they run once the rest is done, so the walls' journeys see exactly the
 * demo's lines of today.
 */
const BOOKS_TODAY_IN_WALL_COMPANY = /(check-in|documents)\.spec\.ts$/;
// One of those alone, without the rest first: `npx playwright test tests/e2e/check-in.spec.ts
// --project after-walls --no-deps`.
/**
 * The longest files whose journeys run one after another in one worker (default mode), by their
 * summed journey times: they go first (their own project, dispatched before "chromium"), so the
 * short ones fill in at the end and no worker is left alone on a long file while the other idles.
 * Only files that book no line of today in the demo company, or already ran before the kiosk
 * walls: shipment-forms and scheduling stay in place, since a line of theirs (a long delivery
 * note that wraps) takes rows off the 1280x720 rotation wall's pages (kiosk-rotation-wall).
 */
const LONG_FILES =
  /[\\/](bi|booking-refusals|critical-lines-users|kiosk-wall-lists|office-fit|shell|trucks)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  // Journeys only: tests/e2e/*.test.ts are vitest unit tests of the suite's own helpers.
  testMatch: /\.spec\.ts$/,
  // One pass over the app's files and lists before any journey (a cold first page took 20 s).
  globalSetup: "./tests/e2e/warm-server.ts",
  outputDir: "test-results/e2e",
  forbidOnly: CI,
  retries: CI ? 1 : 0,
  workers: CI ? 2 : undefined,
  // A journey's own limit; CI machines vary about 2.5x in speed (a form sign-in took 10 s on a
  // slow one, where a 20 s journey ran out of its 30 s twice), so CI gives twice as long.
  timeout: CI ? 60_000 : 30_000,
  expect: { timeout: 7_000 },
  reporter: [
    ["list"],
    ["html", { open: "never", outputFolder: "playwright-report" }],
    // scripts/test.mjs reads the counts from here.
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_FILE ? [["json"] as ["json"]] : []),
  ],
  use: {
    baseURL,
    timezoneId: YARD_TIME_ZONE,
    // Installing the service worker precaches the whole app in every new browser context: a
    // fifth of a sign-in journey's time. Journeys that go offline opt in (serviceWorkers: "allow").
    serviceWorkers: "block",
    // Recording a trace for every run costs CPU (screencast) that 2-core CI machines lack.
    trace: CI ? "on-first-retry" : "retain-on-failure",
    screenshot: "only-on-failure",
  },
  projects: [
    { name: "long-first", testMatch: LONG_FILES, use: CHROMIUM },
    {
      name: "chromium",
      testIgnore: [BOOKS_TODAY_IN_WALL_COMPANY, LONG_FILES],
      use: CHROMIUM,
    },
    {
      name: "after-walls",
      testMatch: BOOKS_TODAY_IN_WALL_COMPANY,
      dependencies: ["long-first", "chromium"],
      use: CHROMIUM,
    },
  ],
  webServer: {
    command: "node scripts/e2e-server.mjs",
    // Answers once migrations and the demo seed are done (the server seeds before listening).
    url: `${baseURL}/healthz`,
    env: {
      E2E_PORT: String(PORT),
      TZ: YARD_TIME_ZONE,
      DEMO_TIME_ZONE: YARD_TIME_ZONE,
      DEMO_NOW: process.env.YARDLINE_E2E_DEMO_NOW ?? "",
    },
    // Never reuse a running server: it carries an earlier run's bookings (full dock hours,
    // lines of today), and journeys that start from the demo data fail in confusing ways.
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: "ignore",
    stderr: "pipe",
    gracefulShutdown: { signal: "SIGTERM", timeout: 5_000 },
  },
});
