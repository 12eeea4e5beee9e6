import { describe, expect, it } from "vitest";
import { ShipperInput } from "./shipper";

describe("ShipperInput", () => {
  it("normalises plate, name and phone", () => {
    const parsed = ShipperInput.parse({
      plate: " 1234 abc ",
      name: "Transportes Ruiz",
      phone: "612 34 56 78",
      country_code: "es",
    });
    expect(parsed).toEqual({
      plate: "1234ABC",
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
