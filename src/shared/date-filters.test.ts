import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import {
  endOfDayBound,
  matchingQuickFilter,
  quickFilterRange,
  startOfDayBound,
} from "./date-filters";

const now = DateTime.fromISO("2026-11-22T15:30:00");

describe("quickFilterRange", () => {
  it.each([
    ["yesterday", { after: "2026-11-21", before: "2026-11-21" }],
    ["today", { after: "2026-11-22", before: "2026-11-22" }],
    ["tomorrow", { after: "2026-11-23", before: "2026-11-23" }],
    ["next_week", { after: "2026-11-22", before: "2026-11-29" }],
    ["next_month", { after: "2026-11-22", before: "2026-12-23" }],
    ["from_now", { after: "2026-11-22" }],
  ] as const)("%s", (filter, expected) => {
    expect(quickFilterRange(filter, now)).toEqual(expected);
  });

  it("recognises the quick filter a range came from", () => {
    expect(matchingQuickFilter({ after: "2026-11-23", before: "2026-11-23" }, now)).toBe(
      "tomorrow",
    );
    expect(matchingQuickFilter({ after: "2026-11-01" }, now)).toBeNull();
  });
});

describe("day bounds", () => {
  it("turns dates into start and end of day in YYYY-MM-DDTHH:mm", () => {
    expect(startOfDayBound("2026-11-22")).toBe("2026-11-22T00:00");
    expect(endOfDayBound("2026-11-22")).toBe("2026-11-22T23:59");
  });

  it("drops invalid dates", () => {
    expect(startOfDayBound("not a date")).toBeUndefined();
  });
});
