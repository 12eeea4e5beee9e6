/**
 * Language of the public pages (spec sections 2 and 9): English or Spanish, chosen with the
 * EN|ES switch and stored under `vueml-lang`, apart from the app's own language. The stored
 * variants en_bw and es_bw count as en and es (the switch shows them active).
 */
export type PublicLang = "en" | "es";

export const PUBLIC_LANG_KEY = "vueml-lang";

export function langOf(stored: string | null | undefined, browser?: string): PublicLang {
  if (stored === "en" || stored === "en_bw") return "en";
  if (stored === "es" || stored === "es_bw") return "es";
  return browser?.toLowerCase().startsWith("es") ? "es" : "en";
}

/** The stored value as sent with a contact request (en, es, en_bw or es_bw). */
export function storedLang(): string | null {
  try {
    return localStorage.getItem(PUBLIC_LANG_KEY);
  } catch {
    return null;
  }
}

export function initialPublicLang(): PublicLang {
  return langOf(storedLang(), typeof navigator === "undefined" ? undefined : navigator.language);
}

export function rememberPublicLang(lang: PublicLang): void {
  try {
    localStorage.setItem(PUBLIC_LANG_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only.
  }
}
