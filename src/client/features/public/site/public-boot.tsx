import { StrictMode } from "react";
import { createRoot, hydrateRoot } from "react-dom/client";
import { activatePublic, PUBLIC_HTML_LANG } from "../public-i18n";
import { initialPublicLang, syncLangCookie } from "./public-lang";
import type { PublicPageName } from "./public-paths";
import { PublicSite } from "./public-site";

/**
 * A first load of a public page (/, /contact, /terms-conditions, /privacy-policy) draws it
 * without the app: no router, session, offline engine or app catalogs (issue 17: the product's
 * face to visitors on phones), only the public catalog of the visitor's language. The server
 * sends each page prerendered in English or, by the vueml-lang cookie, in Spanish
 * (scripts/vite-prerender.ts): markup in the visitor's language is hydrated as it stands;
 * otherwise (a choice stored before the cookie existed, the service worker's empty shell) the
 * page is drawn anew, and the cookie is set so the next load comes in that language. Its links are plain links, so each page loads the same way; /login has
 * its own light boot (features/session/login-boot.tsx).
 */
export async function bootPublic(element: HTMLElement, page: PublicPageName): Promise<void> {
  const lang = initialPublicLang();
  const prerenderedIn = element.firstElementChild ? document.documentElement.lang : null;
  syncLangCookie(lang);
  await activatePublic(lang);
  const site = (
    <StrictMode>
      <PublicSite page={page} initialLang={lang} />
    </StrictMode>
  );
  if (prerenderedIn === PUBLIC_HTML_LANG[lang]) hydrateRoot(element, site);
  else createRoot(element).render(site);
}
