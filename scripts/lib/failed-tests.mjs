// The tests a run failed (or passed only on retry), by name, from the JSON reports `npm test`
// writes: printed at the end of the run, where a CI log's tail shows them, so a failure seen
// only in CI's last lines still names its test and its first error line.

import { stripVTControlCharacters } from "node:util";

const MAX_LISTED = 12;
// Without terminal colour codes: Playwright colours its messages even under NO_COLOR.
const oneLine = (text, max = 200) =>
  stripVTControlCharacters(String(text ?? ""))
    .split("\n")
    .find((l) => l.trim())
    ?.trim()
    .slice(0, max) ?? "";

/** Vitest's JSON report (Jest-compatible): "file > test: first error line" per failed test. */
export function vitestFailures(report) {
  const out = [];
  for (const file of report?.testResults ?? []) {
    const name = String(file.name ?? "").replace(/^.*?\/(src|tests|scripts)\//, "$1/");
    const failed = (file.assertionResults ?? []).filter((test) => test.status === "failed");
    for (const test of failed) {
      out.push(`${name} > ${test.fullName ?? test.title}: ${oneLine(test.failureMessages?.[0])}`);
    }
    if (failed.length === 0 && file.status === "failed")
      out.push(`${name}: ${oneLine(file.message)}`);
  }
  return out;
}

/** Playwright's JSON report: failed and flaky tests, "[project] file:line › title: error". */
export function playwrightFailures(report) {
  const out = [];
  const visit = (suite, titles) => {
    for (const spec of suite.specs ?? []) {
      for (const test of spec.tests ?? []) {
        if (test.status !== "unexpected" && test.status !== "flaky") continue;
        const error = (test.results ?? []).find((result) => result.error)?.error?.message;
        const title = [...titles, spec.title].join(" › ");
        const kind = test.status === "flaky" ? "flaky" : "failed";
        out.push(
          `${kind} [${test.projectName}] ${spec.file}:${spec.line} › ${title}: ${oneLine(error)}`,
        );
      }
    }
    for (const child of suite.suites ?? [])
      visit(child, child.file === child.title ? titles : [...titles, child.title]);
  };
  for (const suite of report?.suites ?? []) visit(suite, []);
  return out;
}

/** Prints up to MAX_LISTED names under `title`, and how many more there were. */
export function printFailures(title, names) {
  if (names.length === 0) return;
  console.log(`\n${title}`);
  for (const name of names.slice(0, MAX_LISTED)) console.log(`  ${name}`);
  if (names.length > MAX_LISTED) console.log(`  ... and ${names.length - MAX_LISTED} more`);
}
