// biome-ignore lint/style/noRestrictedImports: React's HTML renderer, not Yardline's server code.
import { renderToString } from "react-dom/server";
import { messages as en } from "./locales/en/messages.po";
import { messages as es } from "./locales/es/messages.po";
import { activatePublicMessages, PUBLIC_HTML_LANG, publicI18n } from "./public-i18n";
import { PAGE_META } from "./site/page-meta";
import type { PublicLang } from "./site/public-lang";
import { PUBLIC_PAGE_PATHS } from "./site/public-paths";
import { PublicSite } from "./site/public-site";

export interface PrerenderedPage {
  path: string;
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
  lang: string;
  /** The visitor's language the page is in (the server picks it by the vueml-lang cookie). */
  publicLang: PublicLang;
}

const CATALOGS: Record<PublicLang, typeof en> = { en, es };

/**
 * Each public page rendered to HTML in English, the default language, and in Spanish, for the
 * build (scripts/vite-prerender.ts writes them into copies of index.html that the server sends
 * for their paths, by the vueml-lang cookie): search engines and a first paint get the words,
 * title, description and language without running a script; public-boot.tsx hydrates the
 * markup of either language.
 */
export function prerenderPublicPages(): PrerenderedPage[] {
  return (["en", "es"] as const).flatMap((lang) => {
    activatePublicMessages(lang, CATALOGS[lang]);
    return Object.entries(PUBLIC_PAGE_PATHS).map(([path, page]) => ({
      path,
      html: renderToString(<PublicSite page={page} initialLang={lang} />),
      title: publicI18n._(PAGE_META[page].title),
      description: publicI18n._(PAGE_META[page].description),
      lang: PUBLIC_HTML_LANG[lang],
      publicLang: lang,
    }));
  });
}
