import { describe, expect, it } from "vitest";
import type { Indicator } from "../../../shared/contract/indicators";
import { growthKind, trendOf } from "./indicator-tile";

const tile = (growth: number | null, higherIsBetter: boolean): Indicator => ({
  type: {
    key: "incidences",
    description: "incidences",
    icon: "warning",
    unit: "count",
    higher_is_better: higherIsBetter,
  },
  value: 3,
  previous: growth === null ? null : 3 - growth,
  growth,
  grade_growth: null,
});

describe("trendOf", () => {
  it("is good when the figure moved the way that is better for it", () => {
    expect(trendOf(tile(2, true))).toBe("good");
    expect(trendOf(tile(-2, true))).toBe("bad");
    expect(trendOf(tile(2, false))).toBe("bad");
    expect(trendOf(tile(-2, false))).toBe("good");
  });

  it("is flat without change and none without a previous figure", () => {
    expect(trendOf(tile(0, true))).toBe("flat");
    expect(trendOf(tile(null, true))).toBe("none");
  });
});

describe("growthKind", () => {
  it("says which figure is missing instead of a growth", () => {
    expect(growthKind(tile(null, true))).toBe("no_previous");
    expect(growthKind({ ...tile(null, true), value: null, previous: 4 })).toBe("no_current");
    expect(growthKind(tile(2, true))).toBe("difference");
    expect(growthKind({ ...tile(2, true), grade_growth: 200 })).toBe("percent");
  });
});
