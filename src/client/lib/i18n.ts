import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALES, type Locale, STORED_LOCALES } from "../../shared/constants";
import { readStored, writeStored } from "./storage";

/**
 * Interface language rules of spec section 4: the stored language must be es, en or pt,
 * anything else is reset to es; mx can be chosen (and is stored like any choice) but is not a
 * kept value, so a reload resets it to es. Catalogs are compiled by the Lingui Vite plugin and
 * loaded lazily, one chunk per locale (all precached by the service worker).
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The language to start with; repairs a stored value that is not allowed. */
export function initialLocale(): Locale {
  const stored = readStored("lang");
  if (stored !== null && (STORED_LOCALES as readonly string[]).includes(stored)) {
    return stored as Locale;
  }
  writeStored("lang", DEFAULT_LOCALE);
  return DEFAULT_LOCALE;
}

/** Stores a chosen language; mx is stored too and the next start resets it to es. */
export function rememberLocale(locale: Locale): void {
  writeStored("lang", locale);
}

/** BCP 47 tags for Intl (plural rules, number and date formats); mx is not a language code. */
const INTL_LOCALES: Record<Locale, string[]> = {
  es: ["es-ES", "es"],
  en: ["en-GB", "en"],
  pt: ["pt-PT", "pt"],
  mx: ["es-MX", "es"],
};

export const HTML_LANG: Record<Locale, string> = { es: "es", en: "en", pt: "pt-PT", mx: "es-MX" };

async function loadMessages(locale: Locale): Promise<Messages> {
  // One literal import per locale so each catalog is its own, precachable chunk.
  switch (locale) {
    case "en":
      return (await import("../locales/en/messages.po")).messages;
    case "pt":
      return (await import("../locales/pt/messages.po")).messages;
    case "mx":
      return (await import("../locales/mx/messages.po")).messages;
    default:
      return (await import("../locales/es/messages.po")).messages;
  }
}

/** Loads the catalog and switches the interface language. */
export async function activateLocale(locale: Locale): Promise<void> {
  const messages = await loadMessages(locale);
  i18n.loadAndActivate({ locale, locales: INTL_LOCALES[locale], messages });
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[locale];
}

/** Chooses a language from the User Config menu: stored if allowed, activated at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  await activateLocale(locale);
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };
