import { describe, expect, it } from "vitest";
import type { Shipper } from "../../../shared/contract/trucks";
import { uidOf } from "../../test-rows";
import { digitsOnly, EMPTY_FORM, formErrorsOf, formValuesOf, toShipperInput } from "./truck-form";

const MESSAGES = {
  plateRequired: "plate?",
  plateInvalid: (error: { code: string }) => `plate ${error.code}`,
  nameRequired: "name?",
  phoneInvalid: "phone?",
};

const truck: Shipper = {
  id: 4,
  uid: uidOf(4),
  company: 1,
  plate: "1234BCD",
  name: "TRANSPORTES RUIZ",
  capacity_load: 24000,
  phone: "+351912345678",
  country_code: "PT",
  register_date: null,
  expedition_date: null,
  version: 3,
};

describe("digitsOnly", () => {
  it("keeps digits only", () => {
    expect(digitsOnly("12.5 t")).toBe("125");
    expect(digitsOnly("abc")).toBe("");
  });
});

describe("formValuesOf", () => {
  it("shows the phone nationally under its country", () => {
    expect(formValuesOf(truck)).toEqual({
      plate: "1234BCD",
      name: "TRANSPORTES RUIZ",
      capacityLoad: "24000",
      countryCode: "PT",
      phone: "912 345 678",
    });
  });

  it("copes with a truck without phone or capacity", () => {
    expect(
      formValuesOf({ ...truck, phone: null, country_code: null, capacity_load: null }),
    ).toEqual({ ...EMPTY_FORM, plate: "1234BCD", name: "TRANSPORTES RUIZ" });
  });
});

describe("toShipperInput", () => {
  it("keeps the plate as typed (upper case), normalises name and phone; empty capacity load is null", () => {
    const result = toShipperInput(
      {
        plate: " 1234-bcd ",
        name: " ruiz ",
        capacityLoad: "",
        countryCode: "ES",
        phone: "612 34 56 78",
      },
      MESSAGES,
    );
    expect(result).toEqual({
      input: {
        plate: "1234-BCD",
        name: "RUIZ",
        capacity_load: null,
        phone: "+34612345678",
        country_code: "ES",
      },
    });
  });

  it("sends the capacity as a number and no phone as null", () => {
    const result = toShipperInput(
      { ...EMPTY_FORM, plate: "AB12CD", name: "X", capacityLoad: "0900" },
      MESSAGES,
    );
    expect(result).toEqual({
      input: { plate: "AB12CD", name: "X", capacity_load: 900, phone: null, country_code: null },
    });
  });

  it("takes an international number's own country", () => {
    const result = toShipperInput(
      { ...EMPTY_FORM, plate: "AB12CD", name: "X", countryCode: "ES", phone: "+44 7912 345678" },
      MESSAGES,
    );
    expect(result).toMatchObject({ input: { phone: "+447912345678", country_code: "GB" } });
  });

  it("keeps the truck's capacity when the field is hidden (trw)", () => {
    const result = toShipperInput(
      { ...EMPTY_FORM, plate: "AB12CD", name: "X", capacityLoad: "5" },
      MESSAGES,
      24000,
    );
    expect(result).toMatchObject({ input: { capacity_load: 24000 } });
  });

  it("refuses a blank plate or name and an invalid phone, sending nothing", () => {
    expect(
      toShipperInput({ ...EMPTY_FORM, plate: " - ", name: "  ", phone: "12" }, MESSAGES),
    ).toEqual({ errors: { plate: ["plate?"], name: ["name?"], phone: ["phone?"] } });
  });

  it("refuses a plate the shared rule refuses (emoji, symbols, length)", () => {
    const refused: [string, string][] = [
      ["🚚🚚", "invalid_characters"],
      ["AB#12", "invalid_characters"],
      ["A", "too_short"],
      ["A".repeat(16), "too_long"],
    ];
    for (const [plate, code] of refused) {
      expect(toShipperInput({ ...EMPTY_FORM, plate, name: "X" }, MESSAGES)).toEqual({
        errors: { plate: [`plate ${code}`] },
      });
    }
  });
});

describe("formErrorsOf", () => {
  it("keeps the fields the form shows", () => {
    expect(
      formErrorsOf({ plate: ["A truck with this plate already exists"], version: ["x"] }),
    ).toEqual({ plate: ["A truck with this plate already exists"] });
    expect(formErrorsOf(undefined)).toEqual({});
  });
});
