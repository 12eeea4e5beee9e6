import { DateTime, Settings } from "luxon";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ApiError } from "../../lib/errors";
import { uidOf } from "../../test-rows";
import { afterBound, beforeBound, listSearchParams, staleTruckOf } from "./api";

describe("list date bounds", () => {
  const zone = Settings.defaultZone;
  beforeAll(() => {
    Settings.defaultZone = "Europe/Madrid";
  });
  afterAll(() => {
    Settings.defaultZone = zone;
  });

  it("are start and end of the local day, YYYY-MM-DDTHH:mm with the offset", () => {
    expect(afterBound("2024-07-01")).toBe("2024-07-01T00:00+02:00");
    expect(beforeBound("2024-07-01")).toBe("2024-07-01T23:59+02:00");
    expect(beforeBound("2024-01-15")).toBe("2024-01-15T23:59+01:00");
    expect(afterBound("not a date")).toBeUndefined();
    expect(afterBound(undefined)).toBeUndefined();
  });

  it("cover the same instants the server reads", () => {
    const after = DateTime.fromISO(afterBound("2024-07-01") ?? "", { setZone: true });
    expect(after.toUTC().toISO()).toBe("2024-06-30T22:00:00.000Z");
  });
});

describe("listSearchParams", () => {
  it("sends page, size and only the filters given", () => {
    expect(listSearchParams({ name: " ruiz ", plate: "" }, 2, 10)).toEqual({
      page: 2,
      page_size: 10,
      name: "ruiz",
    });
    const withDates = listSearchParams(
      { register_date_after: "2024-07-01", register_date_before: "2024-07-02" },
      1,
      10,
    );
    expect(withDates.register_date_after).toMatch(/^2024-07-01T00:00[+-]\d{2}:\d{2}$/);
    expect(withDates.register_date_before).toMatch(/^2024-07-02T23:59[+-]\d{2}:\d{2}$/);
  });
});

describe("error readers", () => {
  const current = {
    id: 1,
    uid: uidOf(1),
    company: 1,
    plate: "1234BCD",
    name: "X",
    capacity_load: null,
    phone: null,
    country_code: null,
    register_date: null,
    expedition_date: null,
    version: 5,
  };

  it("staleTruckOf reads the current truck of a 412", () => {
    const error = new ApiError(412, { code: "precondition_failed", message: "Stale", current });
    expect(staleTruckOf(error)).toEqual(current);
    expect(staleTruckOf(new ApiError(409, { code: "conflict", message: "x" }))).toBeNull();
  });
});
