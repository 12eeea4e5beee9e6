import { i18n, type Messages } from "@lingui/core";
import { DEFAULT_LOCALE, LOCALES, type Locale, STORED_LOCALES } from "../../shared/constants";
import { getConfig } from "./config";
import { currentUserType, subscribeUserType } from "./session/user-type";
import { readStored, writeStored } from "./storage";

/**
 * Interface language rules of spec section 4: the stored language must be es, en or pt,
 * anything else is reset to es; mx can be chosen (and is stored like any choice) but is not a
 * kept value, so a reload resets it to es. Users of type mexico start in mx instead of es (the
 * Mexican renames are theirs); a language they choose themselves holds for the session.
 * Catalogs are compiled by the Lingui Vite plugin and loaded lazily, one chunk per locale (all
 * precached by the service worker). The runtime default locale (DEFAULT_LOCALE in /config.json,
 * es unless the server sets en or pt) is the language of a device with no language stored, and
 * the one a disallowed stored value is reset to; the browser's language is not consulted (yard
 * devices are shared, and the spec starts everyone in es). It is also the first fallback when
 * the chosen catalog cannot be loaded, English (spec: fallback locale en) the last.
 */
export function isLocale(value: unknown): value is Locale {
  return typeof value === "string" && (LOCALES as readonly string[]).includes(value);
}

/** The configured start language (DEFAULT_LOCALE), es when the server names none it allows. */
function configuredLocale(): Locale {
  const configured = getConfig().defaultLocale;
  return (STORED_LOCALES as readonly string[]).includes(configured)
    ? (configured as Locale)
    : DEFAULT_LOCALE;
}

/** True once a language is stored: the start need not wait for /config.json. */
export function hasStoredLocale(): boolean {
  return readStored("lang") !== null;
}

/** The stored language, repaired when not allowed (written back as the configured default). */
function storedLocale(): Locale {
  const stored = readStored("lang");
  if (stored !== null && (STORED_LOCALES as readonly string[]).includes(stored)) {
    return stored as Locale;
  }
  const start = configuredLocale();
  writeStored("lang", start);
  return start;
}

/** A user type's start language: mx takes the place of the default es for mexico users. */
export function localeForUserType(stored: Locale, userType: string | undefined): Locale {
  return userType === "mexico" && stored === DEFAULT_LOCALE ? "mx" : stored;
}

/** The language to start with: the stored one (repaired), mx for a mexico user's es. */
export function initialLocale(): Locale {
  return localeForUserType(storedLocale(), currentUserType());
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

/**
 * The chosen catalog, or the runtime default locale's (DEFAULT_LOCALE; en when that is the
 * chosen one) when it cannot be loaded (its chunk not cached yet on an offline start). Missing translations need no runtime
 * fallback: the build fills them (mx -> es -> en, lingui.config.ts).
 */
async function loadCatalog(locale: Locale): Promise<{ locale: Locale; messages: Messages }> {
  try {
    return { locale, messages: await loadMessages(locale) };
  } catch (error) {
    const fallback = [configuredLocale(), "en" as const].find((other) => other !== locale);
    if (fallback === undefined) throw error;
    console.warn(`The ${locale} catalog could not be loaded; using ${fallback}`, error);
    return { locale: fallback, messages: await loadMessages(fallback) };
  }
}

/** Loads the catalog and switches the interface language. */
export async function activateLocale(wanted: Locale): Promise<void> {
  const { locale, messages } = await loadCatalog(wanted);
  i18n.loadAndActivate({ locale, locales: INTL_LOCALES[locale], messages });
  if (typeof document !== "undefined") document.documentElement.lang = HTML_LANG[locale];
  followUserType();
}

/** Chooses a language from the User Config menu: stored if allowed, activated at once. */
export async function chooseLocale(locale: Locale): Promise<void> {
  rememberLocale(locale);
  chosen = true;
  await activateLocale(locale);
}

/** A language chosen in this page's life: the user type's default no longer overrides it. */
let chosen = false;
let following = false;

/**
 * A mexico user who logs in gets mx (unless a language was chosen meanwhile); logging out, or
 * another user logging in, goes back to the stored language.
 */
function followUserType(): void {
  if (following) return;
  following = true;
  let userType = currentUserType();
  subscribeUserType(() => {
    const next = currentUserType();
    if (next === userType) return;
    userType = next;
    if (chosen) return;
    const locale = localeForUserType(storedLocale(), next);
    if (locale !== currentLocale()) void activateLocale(locale);
  });
}

export function currentLocale(): Locale {
  return isLocale(i18n.locale) ? i18n.locale : DEFAULT_LOCALE;
}

export { i18n };
