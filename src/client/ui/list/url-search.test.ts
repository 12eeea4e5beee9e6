import { describe, expect, it } from "vitest";
import { z } from "zod";
import { cleanSearch, pageOf, parseSearch, parseUrlSearch, stringifyUrlSearch } from "./url-search";

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

describe("URL search serializer (plain values, not JSON)", () => {
  // Shaped like the list routes' schemas: coerced text, a page, id lists, a flag.
  const schema = z.object({
    page: z.coerce.number().int().min(1).optional(),
    plate: z.coerce.string().optional(),
    name: z.coerce.string().optional(),
    status: z.preprocess(
      (value) => (value === undefined ? undefined : [value].flat().map(Number)),
      z.array(z.number().int()).optional(),
    ),
    show_issued: z
      .preprocess((value) => value === "true" || value === true, z.boolean())
      .optional(),
  });
  const roundTrip = (search: Record<string, unknown>) =>
    parseSearch(schema, parseUrlSearch(stringifyUrlSearch(search)));

  it("writes plain values: a numeric plate is not quoted, arrays repeat the key", () => {
    expect(stringifyUrlSearch({ plate: "9999", page: 2 })).toBe("?plate=9999&page=2");
    expect(stringifyUrlSearch({ status: [1, 10], show_issued: true })).toBe(
      "?status=1&status=10&show_issued=true",
    );
    expect(stringifyUrlSearch({ name: "RUIZ & SONS", code: "ñ 1" })).toBe(
      "?name=RUIZ+%26+SONS&code=%C3%B1+1",
    );
    expect(stringifyUrlSearch({ plate: undefined, name: null })).toBe("");
    expect(stringifyUrlSearch({})).toBe("");
  });

  it("reads text, and an array for a repeated key", () => {
    expect(parseUrlSearch("?plate=9999&page=2&status=1&status=10")).toEqual({
      plate: "9999",
      page: "2",
      status: ["1", "10"],
    });
    expect(parseUrlSearch("")).toEqual({});
  });

  it("round-trips through the route schema: strings stay strings, numbers and lists come back", () => {
    const search = { plate: "9999", page: 3, status: [1, 10], show_issued: true, name: "true" };
    expect(roundTrip(search)).toEqual(search);
    expect(roundTrip({ status: [7] })).toEqual({ status: [7] });
    expect(roundTrip({ plate: "0012", name: "1e3" })).toEqual({ plate: "0012", name: "1e3" });
  });

  it("still reads links written with the router's JSON values", () => {
    expect(parseUrlSearch("?plate=%229999%22&status=%5B1%2C10%5D&page=2")).toEqual({
      plate: "9999",
      status: ["1", "10"],
      page: "2",
    });
    expect(parseUrlSearch("?name=%22half")).toEqual({ name: '"half' });
  });
});
