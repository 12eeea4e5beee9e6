import { type I18n, type Messages, setupI18n } from "@lingui/core";

/**
 * The public surface's own Lingui instance and catalog (features/public/locales, the second
 * catalog of lingui.config.ts): the public pages and the carrier's self check-in page draw
 * without the app, so they never load the app's four catalogs, and the app never loads this
 * one unless it mounts a public page. The site speaks en and es (spec section 9), the check-in
 * page en, es, pt and mx (issue 15); mx falls back to es at build time.
 */
export type PublicLocale = "en" | "es" | "pt" | "mx";

export const publicI18n: I18n = setupI18n();

/** BCP 47 tags for Intl and for <html lang>; mx is not a language code. */
const TAGS: Record<PublicLocale, string[]> = {
  en: ["en-GB", "en"],
  es: ["es-ES", "es"],
  pt: ["pt-PT", "pt"],
  mx: ["es-MX", "es"],
};
export const PUBLIC_HTML_LANG: Record<PublicLocale, string> = {
  en: "en",
  es: "es",
  pt: "pt-PT",
  mx: "es-MX",
};

async function loadMessages(locale: PublicLocale): Promise<Messages> {
  // One literal import per locale: each catalog is its own small chunk.
  switch (locale) {
    case "es":
      return (await import("./locales/es/messages.po")).messages;
    case "pt":
      return (await import("./locales/pt/messages.po")).messages;
    case "mx":
      return (await import("./locales/mx/messages.po")).messages;
    default:
      return (await import("./locales/en/messages.po")).messages;
  }
}

/** Switches the public pages to `locale` with its compiled messages (already loaded). */
export function activatePublicMessages(locale: PublicLocale, messages: Messages): void {
  publicI18n.loadAndActivate({ locale, locales: TAGS[locale], messages });
}

/** Loads `locale`'s catalog (once) and switches the public pages to it. */
export async function activatePublic(locale: PublicLocale): Promise<void> {
  if (publicI18n.locale === locale) return;
  activatePublicMessages(locale, await loadMessages(locale));
  if (typeof document !== "undefined") document.documentElement.lang = PUBLIC_HTML_LANG[locale];
}
