#!/usr/bin/env node
// `npm run test:e2e:hours [-- <playwright args>]`: the e2e suite at several times of the yard's
// day (issue 30: no journey may depend on the clock). Builds once, then runs Playwright once per
// time with YARDLINE_E2E_YARD_TIME (tests/e2e/yard-time-zone.ts sets the yard's clock to that
// minute when the run starts; 23:59 crosses the yard's midnight a minute in). Arguments go to
// every Playwright run (files, --workers, --project ...). YARDLINE_E2E_YARD_TIMES=06:00,23:59
// picks other times. Not part of `npm test`: it is four suites long.
import { bin, printSummary, run, step } from "./lib/steps.mjs";

const times = (process.env.YARDLINE_E2E_YARD_TIMES ?? "06:00,13:40,20:55,23:59")
  .split(",")
  .map((time) => time.trim())
  .filter(Boolean);
const args = process.argv.slice(2);
const results = [];

const build = await step(results, "build", async () => {
  const { status } = await run("npm", ["run", "build"]);
  return { ok: status === 0 };
});
if (build.ok) {
  for (const time of times) {
    await step(results, `playwright at ${time} in the yard`, async () => {
      const env = { YARDLINE_E2E_YARD_TIME: time };
      // The clock is chosen by this run's config, never inherited from the caller's.
      for (const key of [
        "YARDLINE_E2E_TIME_ZONE",
        "YARDLINE_E2E_CLOCK_SHIFT_MS",
        "YARDLINE_E2E_DEMO_NOW",
      ])
        env[key] = "";
      const { status } = await run(bin("playwright"), ["test", ...args], { env });
      return { ok: status === 0 };
    });
  }
}
printSummary("e2e at the yard's hours", results);
process.exit(results.every((result) => result.ok) ? 0 : 1);
