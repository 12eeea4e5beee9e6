import { useState } from "react";
import { CONTACT_COPY } from "./contact-copy";
import { ContactForm } from "./contact-form";
import { Landing } from "./landing";
import { SITE_COPY } from "./landing-copy";
import { PRIVACY, TERMS } from "./legal-copy";
import { LegalPage } from "./legal-page";
import { initialPublicLang, type PublicLang, rememberPublicLang } from "./public-lang";
import type { PublicPageName } from "./public-paths";
import styles from "./site.module.css";
import { SiteFrame } from "./site-frame";

/** One public page in its frame, in the visitor's language (EN|ES, stored under vueml-lang). */
export function PublicSite({ page }: { page: PublicPageName }) {
  const [lang, setLang] = useState<PublicLang>(initialPublicLang);
  const handleLang = (next: PublicLang) => {
    rememberPublicLang(next);
    setLang(next);
  };
  const meta =
    page === "landing"
      ? SITE_COPY[lang].meta
      : page === "contact"
        ? CONTACT_COPY[lang].meta
        : page === "terms"
          ? TERMS[lang].meta
          : PRIVACY[lang].meta;
  return (
    <SiteFrame lang={lang} onLang={handleLang} meta={meta}>
      {page === "landing" ? <Landing lang={lang} /> : null}
      {page === "contact" ? (
        <div className={styles.article}>
          <h1>{CONTACT_COPY[lang].title}</h1>
          <p>{CONTACT_COPY[lang].intro}</p>
          <ContactForm lang={lang} />
        </div>
      ) : null}
      {page === "terms" ? <LegalPage text={TERMS[lang]} /> : null}
      {page === "privacy" ? <LegalPage text={PRIVACY[lang]} /> : null}
    </SiteFrame>
  );
}
