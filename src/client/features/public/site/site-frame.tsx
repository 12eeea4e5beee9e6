import { type ReactNode, useEffect } from "react";
import { SITE_COPY } from "./landing-copy";
import type { PublicLang } from "./public-lang";
import styles from "./site.module.css";

export interface SiteFrameProps {
  lang: PublicLang;
  onLang: (lang: PublicLang) => void;
  meta: { title: string; description: string };
  children: ReactNode;
}

/** Title, description and language for search engines and screen readers. */
function useMeta(lang: PublicLang, meta: { title: string; description: string }) {
  useEffect(() => {
    document.title = meta.title;
    document.documentElement.lang = lang;
    let tag = document.querySelector<HTMLMetaElement>('meta[name="description"]');
    if (!tag) {
      tag = document.createElement("meta");
      tag.name = "description";
      document.head.append(tag);
    }
    tag.content = meta.description;
  }, [lang, meta.title, meta.description]);
}

/**
 * Frame of the public pages (spec "Public routes"): top bar with the section links, contact,
 * the client-area button to /login and the EN|ES switch; footer with social and legal links.
 * Plain links: each public page loads on its own, without the app.
 */
export function SiteFrame({ lang, onLang, meta, children }: SiteFrameProps) {
  const copy = SITE_COPY[lang];
  useMeta(lang, meta);
  return (
    <div className={styles.site}>
      <a className={styles.skip} href="#content">
        {lang === "es" ? "Saltar al contenido" : "Skip to content"}
      </a>
      <header className={styles.top}>
        <a href="/" className={styles.brand}>
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          Yardline
        </a>
        <nav className={styles.nav} aria-label={lang === "es" ? "Principal" : "Main"}>
          <a href="/#product">{copy.nav.product}</a>
          <a href="/#features">{copy.nav.features}</a>
          <a href="/#digital">{copy.nav.digital}</a>
          <a href="/contact">{copy.nav.contact}</a>
        </nav>
        <div className={styles.topActions}>
          <fieldset className={styles.lang}>
            <legend className="visually-hidden">{copy.langLabel}</legend>
            {(["en", "es"] as const).map((code) => (
              <button
                key={code}
                type="button"
                lang={code}
                aria-pressed={lang === code}
                className={styles.langButton}
                onClick={() => onLang(code)}
              >
                {code.toUpperCase()}
              </button>
            ))}
          </fieldset>
          <a href="/login" className={styles.clientArea}>
            {copy.nav.clientArea}
          </a>
        </div>
      </header>
      <main id="content" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <nav aria-label={copy.footer.social} className={styles.footerLinks}>
          <span className={styles.footerLabel}>{copy.footer.social}</span>
          <a href="https://www.linkedin.com/" rel="noopener" target="_blank">
            LinkedIn
          </a>
          <a href="https://x.com/" rel="noopener" target="_blank">
            X
          </a>
          <a href="https://www.youtube.com/" rel="noopener" target="_blank">
            YouTube
          </a>
        </nav>
        <nav aria-label={lang === "es" ? "Legal" : "Legal"} className={styles.footerLinks}>
          <a href="/contact">{copy.footer.contact}</a>
          <a href="/terms-conditions">{copy.footer.terms}</a>
          <a href="/privacy-policy">{copy.footer.privacy}</a>
        </nav>
        <p className={styles.rights}>
          © {new Date().getFullYear()} Yardline. {copy.footer.rights}
        </p>
      </footer>
    </div>
  );
}
