import { describe, expect, it } from "vitest";
import { demoNow } from "./demo-data";

describe("demoNow", () => {
  it("is DEMO_NOW when set (the e2e suite's start), else now", () => {
    expect(demoNow({ DEMO_NOW: "2026-11-27T11:59:00.000Z" }).toISOString()).toBe(
      "2026-11-27T11:59:00.000Z",
    );
    const before = Date.now();
    const now = demoNow({}).getTime();
    expect(now).toBeGreaterThanOrEqual(before);
    expect(now).toBeLessThanOrEqual(Date.now());
  });

  it("refuses a DEMO_NOW that is not an instant", () => {
    expect(() => demoNow({ DEMO_NOW: "yesterday" })).toThrow(/DEMO_NOW/);
  });
});
