import { describe, expect, it } from "vitest";
import { TrucksSearch } from "./trucks-search";

describe("TrucksSearch", () => {
  it("keeps valid filters and drops bad values instead of failing", () => {
    expect(
      TrucksSearch.parse({
        page: "3",
        name: " ruiz ",
        plate: 1234,
        register_date_after: "2024-05-01",
        register_date_before: "tomorrow",
      }),
    ).toEqual({ page: 3, name: "ruiz", plate: "1234", register_date_after: "2024-05-01" });
    expect(TrucksSearch.parse({ page: 0 })).toEqual({});
    expect(TrucksSearch.parse({})).toEqual({});
  });
});
