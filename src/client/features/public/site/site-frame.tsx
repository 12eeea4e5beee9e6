import { Trans, useLingui } from "@lingui/react/macro";
import { type ReactNode, useEffect } from "react";
import type { PublicLang } from "./public-lang";
import styles from "./site.module.css";

export interface SiteFrameProps {
  lang: PublicLang;
  onLang: (lang: PublicLang) => void;
  meta: { title: string; description: string };
  children: ReactNode;
}

/**
 * Title, description and language after a switch of language (the served HTML carries the
 * English ones: the build prerenders each page, scripts/vite-prerender.ts).
 */
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
  const { t } = useLingui();
  useMeta(lang, meta);
  return (
    <div className={styles.site}>
      <a className={styles.skip} href="#content">
        <Trans>Skip to content</Trans>
      </a>
      <header className={styles.top}>
        <a href="/" className={styles.brand}>
          <img src="/icons/icon-192.png" alt="" width={32} height={32} />
          Yardline
        </a>
        <nav className={styles.nav} aria-label={t`Main`}>
          <a href="/#product">
            <Trans>Product</Trans>
          </a>
          <a href="/#features">
            <Trans>Features</Trans>
          </a>
          <a href="/#digital">
            <Trans>Digitalization</Trans>
          </a>
          <a href="/contact">
            <Trans>Contact</Trans>
          </a>
        </nav>
        <div className={styles.topActions}>
          <fieldset className={styles.lang}>
            <legend className="visually-hidden">
              <Trans>Language</Trans>
            </legend>
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
            <Trans>Client area</Trans>
          </a>
        </div>
      </header>
      <main id="content" className={styles.main}>
        {children}
      </main>
      <footer className={styles.footer}>
        <nav aria-label={t`Follow us`} className={styles.footerLinks}>
          <span className={styles.footerLabel}>
            <Trans>Follow us</Trans>
          </span>
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
        <nav aria-label={t`Legal`} className={styles.footerLinks}>
          <a href="/contact">
            <Trans>Contact</Trans>
          </a>
          <a href="/terms-conditions">
            <Trans>Terms and conditions</Trans>
          </a>
          <a href="/privacy-policy">
            <Trans>Privacy policy</Trans>
          </a>
        </nav>
        {/* The year of the visit may differ from the year of the build's prerendered HTML. */}
        <p className={styles.rights} suppressHydrationWarning>
          © {new Date().getFullYear()} Yardline. <Trans>All rights reserved.</Trans>
        </p>
      </footer>
    </div>
  );
}
