import { getCountries } from "libphonenumber-js";
import { describe, expect, it } from "vitest";
import { phoneCountries } from "./phone-countries";

describe("phoneCountries", () => {
  it("puts ES, PT, GB, MX first, then every other country by name", () => {
    const { preferred, others } = phoneCountries("en");
    expect(preferred.map((entry) => entry.code)).toEqual(["ES", "PT", "GB", "MX"]);
    expect(preferred[0]).toEqual({ code: "ES", callingCode: "+34", name: "Spain" });
    expect(preferred.length + others.length).toBe(getCountries().length);
    expect(others.map((entry) => entry.code)).not.toContain("ES");
    const names = others.map((entry) => entry.name);
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, "en")));
  });

  it("names countries in the interface language (mx is Mexican Spanish)", () => {
    expect(phoneCountries("es").preferred[2]?.name).toBe("Reino Unido");
    expect(phoneCountries("mx").preferred[0]?.name).toBe("España");
  });
});
