import { describe, expect, it } from "vitest";
import { sortRows } from "./scorecard";

describe("carrier scorecard order", () => {
  it("sorts by a column either way, nulls last, ties by carrier", () => {
    const row = (carrier: string, rate: number | null, lines: number) => ({
      carrier,
      lines,
      arrivals: 1,
      on_time: 1,
      on_time_rate: rate,
      incidences: 0,
      median_dwell_minutes: null,
    });
    const rows = [row("B", 50, 2), row("A", null, 2), row("C", 90, 1)];
    expect(sortRows(rows, "on_time_rate", false).map((r) => r.carrier)).toEqual(["C", "B", "A"]);
    expect(sortRows(rows, "on_time_rate", true).map((r) => r.carrier)).toEqual(["B", "C", "A"]);
    expect(sortRows(rows, "lines", false).map((r) => r.carrier)).toEqual(["A", "B", "C"]);
    expect(sortRows(rows, "carrier", true).map((r) => r.carrier)).toEqual(["A", "B", "C"]);
  });
});
