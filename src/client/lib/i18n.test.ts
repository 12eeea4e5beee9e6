import { describe, expect, it, vi } from "vitest";
import { AuthUser } from "../../shared/contract/auth";
import {
  activateLocale,
  chooseLocale,
  currentLocale,
  initialLocale,
  isLocale,
  localeForUserType,
  rememberLocale,
} from "./i18n";
import { setAuthUser } from "./session/session-store";

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

describe("the mexico user type starts in mx (Mexican renames)", () => {
  const mexico = AuthUser.parse({
    user: {
      id: 15,
      username: "mexico",
      first_name: "Miguel",
      last_name: "Méndez",
      email: "",
      groups: [{ id: 4, name: "BW Warehousing" }],
    },
    roles: [{ id: 2, name: "office", description: "Office" }],
    clients: [],
    user_type: "mexico",
  });

  it("takes mx in place of the default es, never over a stored en or pt", () => {
    expect(localeForUserType("es", "mexico")).toBe("mx");
    expect(localeForUserType("en", "mexico")).toBe("en");
    expect(localeForUserType("pt", "mexico")).toBe("pt");
    expect(localeForUserType("es", "default")).toBe("es");
    expect(localeForUserType("es", undefined)).toBe("es");
  });

  it("switches to mx when a mexico user logs in, back to the stored language at logout", async () => {
    await activateLocale(initialLocale());
    expect(currentLocale()).toBe("es");
    setAuthUser(mexico);
    await vi.waitFor(() => expect(currentLocale()).toBe("mx"));
    // mx is not stored: the stored language stays es, and a start with the session gives mx.
    expect(localeStorageLang()).toBe("es");
    expect(initialLocale()).toBe("mx");
    setAuthUser(null);
    await vi.waitFor(() => expect(currentLocale()).toBe("es"));
  });

  it("keeps a language the user chose over the user type's default", async () => {
    await chooseLocale("en");
    setAuthUser(mexico);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(currentLocale()).toBe("en");
    setAuthUser(null);
  });
});

const localeStorageLang = () => localStorage.getItem("lang");
