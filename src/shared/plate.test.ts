import { describe, expect, it } from "vitest";
import { normalisePlate } from "./plate";

describe("normalisePlate", () => {
  it("upper-cases and drops spaces and hyphens", () => {
    expect(normalisePlate(" 1234 abc ")).toBe("1234ABC");
    expect(normalisePlate("1234-abc")).toBe("1234ABC");
    expect(normalisePlate("aa–12\t34")).toBe("AA1234");
    expect(normalisePlate("")).toBe("");
  });
});
