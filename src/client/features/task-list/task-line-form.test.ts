import { describe, expect, it } from "vitest";
import { emptyDraft, inputOf, numberOf, validateLine } from "./task-line-form";

describe("task line form", () => {
  it("names every empty mandatory field 'empty'", () => {
    expect(validateLine(emptyDraft({}))).toEqual({
      date: "empty",
      user: "empty",
      worksheet: "empty",
      description: "empty",
      time_hours: "empty",
      client: "empty",
    });
  });

  it("needs numbers for hours and whole numbers for the counts", () => {
    const draft = emptyDraft({
      date: "2026-03-02",
      user: { id: 1, text: "Ada" },
      worksheet: { id: 2, text: "Packing" },
      description: { id: 3, text: "Boxes" },
      client: { id: 4, text: "ACME" },
      time_hours: "abc",
      reviewed_parts: "1.5",
      nok_parts: "2",
    });
    expect(validateLine(draft)).toEqual({ time_hours: "not_number", reviewed_parts: "not_number" });
    const fixed = { ...draft, time_hours: "1,5", reviewed_parts: "" };
    expect(validateLine(fixed)).toEqual({});
    expect(inputOf(fixed)).toMatchObject({
      user: 1,
      worksheet: 2,
      description: 3,
      client: 4,
      time_hours: 1.5,
      reviewed_parts: null,
      nok_parts: 2,
    });
  });

  it("reads decimals with a comma or a point, never negatives", () => {
    expect(numberOf("2.25")).toBe(2.25);
    expect(numberOf("2,5")).toBe(2.5);
    expect(numberOf("-1")).toBeNull();
    expect(numberOf(" ")).toBeNull();
  });
});
