import { describe, expect, it } from "vitest";
import type { Indicator } from "../../../shared/contract/indicators";
import { trendOf } from "./indicator-tile";

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
