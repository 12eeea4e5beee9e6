// biome-ignore lint/style/noRestrictedImports: React's HTML renderer, not Yardline's server code.
import { renderToString } from "react-dom/server";
import { messages } from "./locales/en/messages.po";
import { activatePublicMessages, PUBLIC_HTML_LANG, publicI18n } from "./public-i18n";
import { PAGE_META } from "./site/page-meta";
import { PUBLIC_PAGE_PATHS } from "./site/public-paths";
import { PublicSite } from "./site/public-site";

export interface PrerenderedPage {
  path: string;
  /** The markup of #root. */
  html: string;
  title: string;
  description: string;
  lang: string;
}

/**
 * Each public page rendered to HTML in English, the default language, for the build
 * (scripts/vite-prerender.ts writes them into copies of index.html that the server sends for
 * their paths): search engines and a first paint get the words, title, description and
 * language without running a script; public-boot.tsx hydrates the markup.
 */
export function prerenderPublicPages(): PrerenderedPage[] {
  activatePublicMessages("en", messages);
  return Object.entries(PUBLIC_PAGE_PATHS).map(([path, page]) => ({
    path,
    html: renderToString(<PublicSite page={page} initialLang="en" />),
    title: publicI18n._(PAGE_META[page].title),
    description: publicI18n._(PAGE_META[page].description),
    lang: PUBLIC_HTML_LANG.en,
  }));
}
