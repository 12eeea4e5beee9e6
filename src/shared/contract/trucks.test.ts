import { describe, expect, it } from "vitest";
import { PlateInput, plateFieldError, ShipperInput } from "./trucks";

describe("ShipperInput", () => {
  it("normalises plate, name and phone", () => {
    const parsed = ShipperInput.parse({
      plate: " 1234 abc ",
      name: "Transportes Ruiz",
      phone: "612 34 56 78",
      country_code: "es",
    });
    expect(parsed).toEqual({
      plate: "1234 ABC",
      name: "TRANSPORTES RUIZ",
      capacity_load: null,
      phone: "+34612345678",
      country_code: "ES",
    });
  });

  it("rejects a phone that is not valid for its country with a field error", () => {
    const result = ShipperInput.safeParse({
      plate: "1234ABC",
      name: "X",
      phone: "123",
      country_code: "ES",
    });
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.path).toEqual(["phone"]);
  });

  it("keeps an empty phone as null", () => {
    expect(ShipperInput.parse({ plate: "AB12", name: "x", phone: "" }).phone).toBeNull();
  });
});

describe("plate rule", () => {
  it("accepts letters of any script and digits, after removing spaces and hyphens", () => {
    // Kept as typed, upper case (issue 25); checked without separators.
    expect(PlateInput.parse("1234-abc")).toBe("1234-ABC");
    expect(PlateInput.parse(" ñ  12 34 ")).toBe("Ñ 12 34");
    expect(PlateInput.parse("ΑΒΓ 123")).toBe("ΑΒΓ 123");
    expect(PlateInput.parse("12–34")).toBe("12-34");
    expect(PlateInput.parse("Е777КХ")).toBe("Е777КХ");
    // A decomposed accent is composed first, so it counts as a letter.
    expect(PlateInput.parse("Ñ12".normalize("NFD"))).toBe("Ñ12");
    for (const plate of ["1234ABC", "ñ12", "Е777КХ", "9999"])
      expect(plateFieldError(plate)).toBeNull();
  });

  it("refuses emoji, symbols and punctuation with invalid_characters", () => {
    for (const plate of ["🚚🚚", "12🚚34", "AB.12", "AB/12", "AB_12", "12#4", "AB\u200b12"]) {
      expect(plateFieldError(plate), plate).toEqual({ code: "invalid_characters" });
      const result = ShipperInput.safeParse({ plate, name: "X" });
      expect(result.success, plate).toBe(false);
      expect(result.error?.issues[0]?.path).toEqual(["plate"]);
      expect(result.error?.issues[0]?.message).toBe("Plate may only contain letters and digits");
    }
  });

  it("names the limit for a plate too short or too long, and an empty one as required", () => {
    expect(plateFieldError(" - ")).toEqual({ code: "required" });
    expect(plateFieldError("A")).toEqual({ code: "too_short", min: 2 });
    expect(plateFieldError("A".repeat(16))).toEqual({ code: "too_long", max: 15 });
    expect(PlateInput.safeParse("A").success).toBe(false);
    expect(PlateInput.safeParse("A".repeat(16)).success).toBe(false);
  });
});
