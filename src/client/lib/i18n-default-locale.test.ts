import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { DEFAULT_CONFIG, loadConfig } from "./config";
import { activateLocale, currentLocale, hasStoredLocale, initialLocale } from "./i18n";

/** DEFAULT_LOCALE (/config.json defaultLocale) is the language of a device with none stored. */
describe("the runtime default locale", () => {
  beforeAll(async () => {
    vi.stubGlobal(
      "fetch",
      async () => new Response(JSON.stringify({ ...DEFAULT_CONFIG, defaultLocale: "en" })),
    );
    await loadConfig();
  });
  afterAll(() => {
    vi.unstubAllGlobals();
  });

  it("starts a first-time device in the configured language and stores it", () => {
    expect(hasStoredLocale()).toBe(false);
    expect(initialLocale()).toBe("en");
    expect(localStorage.getItem("lang")).toBe("en");
    expect(hasStoredLocale()).toBe(true);
  });

  it("keeps a language the user chose", () => {
    localStorage.setItem("lang", "pt");
    expect(initialLocale()).toBe("pt");
  });

  it("resets a value that may not be kept (mx, unknown) to the configured language", () => {
    for (const stored of ["mx", "fr"]) {
      localStorage.setItem("lang", stored);
      expect(initialLocale()).toBe("en");
    }
  });

  it("activates it", async () => {
    await activateLocale(initialLocale());
    expect(currentLocale()).toBe("en");
  });
});
