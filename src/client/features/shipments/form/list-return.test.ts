import { DateTime } from "luxon";
import { describe, expect, it } from "vitest";
import { listSearchAfterCreate } from "./list-return";

describe("listSearchAfterCreate", () => {
  it("looks the new line up by its delivery note", () => {
    expect(listSearchAfterCreate({ code: " DN-9 ", booked_date: "2026-11-24T09:30:00Z" })).toEqual({
      search: "DN-9",
    });
  });

  it("without a delivery note (trw), shows its booked day in the device's zone", () => {
    const booked = DateTime.fromISO("2026-11-24T23:30").toISO() ?? "";
    expect(listSearchAfterCreate({ code: "", booked_date: booked })).toEqual({
      booked_date_after: "2026-11-24",
      booked_date_before: "2026-11-24",
    });
    expect(listSearchAfterCreate({})).toEqual({});
  });
});
