import { describe, expect, it } from "vitest";
import { normalisePhone, yardCountry } from "./phone";

describe("yardCountry", () => {
  it("takes the country of the yard's time zone", () => {
    expect(yardCountry({ timeZone: "Europe/Madrid" })).toBe("ES");
    expect(yardCountry({ timeZone: "Europe/Lisbon" })).toBe("PT");
    expect(yardCountry({ timeZone: "America/Mexico_City" })).toBe("MX");
  });

  it("falls back to Spain, the default language's country, for UTC or no zone", () => {
    expect(yardCountry({ timeZone: "UTC" })).toBe("ES");
    expect(yardCountry({})).toBe("ES");
  });

  it("makes a number typed without its code one of the yard's country", () => {
    expect(normalisePhone("600111222", yardCountry({ timeZone: "UTC" }))).toEqual({
      e164: "+34600111222",
      country: "ES",
    });
    expect(normalisePhone("912 345 678", yardCountry({ timeZone: "Europe/Lisbon" }))?.e164).toBe(
      "+351912345678",
    );
    // A number with its code keeps its own country.
    expect(normalisePhone("+351 912 345 678", "ES")?.country).toBe("PT");
    expect(normalisePhone("600111222")).toBeNull();
  });
});
