/**
 * Language of the public pages (spec sections 2 and 9): English or Spanish, chosen with the
 * EN|ES switch and stored under `vueml-lang`, apart from the app's own language. The stored
 * variants en_bw and es_bw count as en and es (the switch shows them active). The choice also
 * goes into a small first-party cookie of the same name (en or es, a year), by which the server
 * sends the page prerendered in that language (src/server/plugins/static.ts): no English flash.
 */
export type PublicLang = "en" | "es";

export const PUBLIC_LANG_KEY = "vueml-lang";

/**
 * The stored choice, else the first of the browser's languages the pages speak (its whole
 * preference list, as Accept-Language: ["pt-BR", "es"] reads Spanish), else English.
 */
export function langOf(
  stored: string | null | undefined,
  browser?: string | readonly string[],
): PublicLang {
  if (stored === "en" || stored === "en_bw") return "en";
  if (stored === "es" || stored === "es_bw") return "es";
  const tags = typeof browser === "string" ? [browser] : (browser ?? []);
  for (const tag of tags) {
    const base = tag.toLowerCase().split(/[-_]/)[0];
    if (base === "es" || base === "en") return base;
  }
  return "en";
}

/** The stored value as sent with a contact request (en, es, en_bw or es_bw). */
export function storedLang(): string | null {
  try {
    return localStorage.getItem(PUBLIC_LANG_KEY);
  } catch {
    return null;
  }
}

/** The language of the `vueml-lang` cookie (what the server prerendered by), or null. */
export function cookieLang(cookies?: string): PublicLang | null {
  const all = cookies ?? (typeof document === "undefined" ? "" : document.cookie);
  for (const part of all.split(";")) {
    const [name, value] = part.split("=", 2).map((piece) => piece.trim());
    if (name === PUBLIC_LANG_KEY && value) return value.startsWith("es") ? "es" : "en";
  }
  return null;
}

/** The stored choice, else the cookie's (storage cleared), else the browser's language. */
export function initialPublicLang(): PublicLang {
  return langOf(
    storedLang() ?? cookieLang(),
    typeof navigator === "undefined" ? undefined : navigator.languages,
  );
}

const YEAR_SECONDS = 365 * 24 * 60 * 60;

/** Sets the cookie the server picks the prerendered language by (first-party, Lax, a year). */
export function setLangCookie(lang: PublicLang): void {
  if (typeof document === "undefined") return;
  const secure = window.location.protocol === "https:" ? "; Secure" : "";
  // biome-ignore lint/suspicious/noDocumentCookie: one plain cookie; no Cookie Store API in Safari.
  document.cookie = `${PUBLIC_LANG_KEY}=${lang}; Path=/; Max-Age=${YEAR_SECONDS}; SameSite=Lax${secure}`;
}

/**
 * At boot: the cookie follows the language the page shows (a choice stored before the cookie
 * existed), so the next load comes prerendered in it. Nothing is set for a visitor who chose
 * nothing: the server picks their page by Accept-Language as the client does by
 * navigator.languages.
 */
export function syncLangCookie(lang: PublicLang): void {
  const current = cookieLang();
  if (current === lang) return;
  if (current === null && storedLang() === null) return;
  setLangCookie(lang);
}

export function rememberPublicLang(lang: PublicLang): void {
  try {
    localStorage.setItem(PUBLIC_LANG_KEY, lang);
  } catch {
    // Private mode: the choice lasts for this page only (and the cookie's year).
  }
  setLangCookie(lang);
}
