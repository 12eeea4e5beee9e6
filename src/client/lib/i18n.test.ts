import { describe, expect, it } from "vitest";
import { activateLocale, currentLocale, initialLocale, isLocale, rememberLocale } from "./i18n";

describe("language storage rules (spec section 4)", () => {
  it("defaults to es and stores it", () => {
    expect(initialLocale()).toBe("es");
    expect(localStorage.getItem("lang")).toBe("es");
  });

  it.each(["es", "en", "pt"])("keeps a stored %s", (locale) => {
    localStorage.setItem("lang", locale);
    expect(initialLocale()).toBe(locale);
    expect(localStorage.getItem("lang")).toBe(locale);
  });

  it.each(["mx", "fr", "", "EN", "es-ES"])("resets a stored %j to es", (stored) => {
    localStorage.setItem("lang", stored);
    expect(initialLocale()).toBe("es");
    expect(localStorage.getItem("lang")).toBe("es");
  });

  it("stores es, en and pt when chosen", () => {
    for (const locale of ["en", "pt", "es"] as const) {
      rememberLocale(locale);
      expect(localStorage.getItem("lang")).toBe(locale);
    }
  });

  it("lets mx be chosen, then resets it to es on reload", () => {
    localStorage.setItem("lang", "en");
    rememberLocale("mx");
    expect(localStorage.getItem("lang")).toBe("mx");
    expect(initialLocale()).toBe("es");
    expect(localStorage.getItem("lang")).toBe("es");
  });

  it("recognises the four locales only", () => {
    expect(["es", "en", "pt", "mx"].every(isLocale)).toBe(true);
    expect(isLocale("fr")).toBe(false);
    expect(isLocale(undefined)).toBe(false);
  });

  it("activates a compiled catalog", async () => {
    await activateLocale("mx");
    expect(currentLocale()).toBe("mx");
    expect(document.documentElement.lang).toBe("es-MX");
    await activateLocale("en");
    expect(currentLocale()).toBe("en");
  });
});
