import { describe, expect, it } from "vitest";
import { playwrightFailures, vitestFailures } from "./failed-tests.mjs";

describe("the failed tests named at the end of npm test", () => {
  it("names Playwright's failed and flaky tests with their first error line, not the passed", () => {
    const test = (status: string, message?: string) => ({
      projectName: "chromium",
      status,
      results: [message ? { error: { message } } : {}],
    });
    const report = {
      suites: [
        {
          title: "kiosk.spec.ts",
          file: "kiosk.spec.ts",
          specs: [{ title: "fits", file: "kiosk.spec.ts", line: 9, tests: [test("expected")] }],
          suites: [
            {
              title: "1280x720",
              file: "kiosk.spec.ts",
              specs: [
                {
                  title: "rows",
                  file: "kiosk.spec.ts",
                  line: 20,
                  tests: [test("unexpected", "\nError: timed out\nat x")],
                },
                {
                  title: "links",
                  file: "kiosk.spec.ts",
                  line: 30,
                  tests: [
                    test(
                      "flaky",
                      "Error: \u001b[2mexpect(\u001b[22m\u001b[31mlocator\u001b[39m) gone",
                    ),
                  ],
                },
              ],
            },
          ],
        },
      ],
    };
    expect(playwrightFailures(report)).toEqual([
      "failed [chromium] kiosk.spec.ts:20 › 1280x720 › rows: Error: timed out",
      "flaky [chromium] kiosk.spec.ts:30 › 1280x720 › links: Error: expect(locator) gone",
    ]);
  });

  it("names Vitest's failed tests, and a file that failed without one (an import error)", () => {
    const report = {
      testResults: [
        {
          name: "/check/work/main/src/server/a.test.ts",
          status: "failed",
          assertionResults: [
            { status: "passed", fullName: "a ok" },
            {
              status: "failed",
              fullName: "a counts",
              failureMessages: ["AssertionError: 1 != 2\n at"],
            },
          ],
        },
        {
          name: "/x/tests/sync/b.test.ts",
          status: "failed",
          message: "Cannot find module",
          assertionResults: [],
        },
      ],
    };
    expect(vitestFailures(report)).toEqual([
      "src/server/a.test.ts > a counts: AssertionError: 1 != 2",
      "tests/sync/b.test.ts: Cannot find module",
    ]);
    expect(vitestFailures(undefined)).toEqual([]);
  });
});
