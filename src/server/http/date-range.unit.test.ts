import { describe, expect, it } from "vitest";
import { ApiError } from "../errors";
import { dateRange } from "./date-range";

/** A list's date filter as [from, until), read the same the first time and every time after. */
describe("dateRange", () => {
  it("reads a day, a minute, a second and an instant, 'before' taking the whole of it", () => {
    for (let round = 0; round < 2; round++) {
      expect(dateRange("booked_date", "2026-11-01", "2026-11-30")).toEqual({
        from: new Date("2026-11-01T00:00:00Z"),
        until: new Date("2026-12-01T00:00:00Z"),
      });
      expect(dateRange("booked_date", undefined, "2026-11-30T10:15")).toEqual({
        until: new Date("2026-11-30T10:16:00Z"),
      });
      expect(dateRange("booked_date", undefined, "2026-11-30T10:15:30")).toEqual({
        until: new Date("2026-11-30T10:15:31Z"),
      });
      expect(
        dateRange("booked_date", "2026-11-30T10:15:30.250+01:00", "2026-11-30T10:15:30.250Z"),
      ).toEqual({
        from: new Date("2026-11-30T09:15:30.250Z"),
        until: new Date("2026-11-30T10:15:30.251Z"),
      });
    }
  });

  it("hands each caller a Date of its own", () => {
    const first = dateRange("booked_date", "2026-11-01", undefined).from;
    first?.setUTCFullYear(1999);
    expect(dateRange("booked_date", "2026-11-01", undefined).from).toEqual(
      new Date("2026-11-01T00:00:00Z"),
    );
  });

  it("refuses a text that is no date every time, naming the parameter", () => {
    for (const field of ["booked_date", "arrival"]) {
      let refused: unknown;
      try {
        dateRange(field, undefined, "2026-13-40");
      } catch (error) {
        refused = error;
      }
      expect(refused).toBeInstanceOf(ApiError);
      expect(Object.keys((refused as ApiError).fields ?? {})).toEqual([`${field}_before`]);
    }
  });
});
