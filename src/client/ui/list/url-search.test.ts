import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanSearch, pageOf, parseSearch } from "./url-search";

describe("cleanSearch", () => {
  it("drops falsy values and page 1, trims strings", () => {
    expect(
      cleanSearch({
        name: "  ruiz ",
        plate: "",
        blank: "   ",
        zero: 0,
        no: false,
        nothing: null,
        missing: undefined,
        nan: Number.NaN,
        page: 1,
      }),
    ).toEqual({ name: "ruiz" });
  });

  it("keeps other pages and truthy values", () => {
    expect(cleanSearch({ page: 3, flag: true, count: 2 })).toEqual({
      page: 3,
      flag: true,
      count: 2,
    });
  });
});

describe("parseSearch", () => {
  const schema = z.object({
    name: z.coerce.string().optional(),
    after: z.iso.date().optional(),
    page: z.coerce.number().int().min(1).optional(),
  });

  it("parses and coerces what the router hands over", () => {
    // TanStack's default search parser turns "1234" into a number.
    expect(parseSearch(schema, { name: 1234, after: "2024-05-01", page: "2" })).toEqual({
      name: "1234",
      after: "2024-05-01",
      page: 2,
    });
  });

  it("drops only the refused values", () => {
    expect(parseSearch(schema, { name: "garcia", after: "yesterday", page: -4 })).toEqual({
      name: "garcia",
    });
  });

  it("copes with no search at all", () => {
    expect(parseSearch(schema, undefined)).toEqual({});
  });
});

describe("pageOf", () => {
  it("is a positive integer or 1", () => {
    expect(pageOf({ page: 4 })).toBe(4);
    expect(pageOf({ page: "4" })).toBe(4);
    expect(pageOf({ page: 0 })).toBe(1);
    expect(pageOf({ page: 2.5 })).toBe(1);
    expect(pageOf({})).toBe(1);
  });
});
