import { I18nProvider } from "@lingui/react";
import { Trans, useLingui } from "@lingui/react/macro";
import { useEffect, useState } from "react";
import { activatePublic, publicI18n } from "../public-i18n";
import { ContactForm } from "./contact-form";
import { Landing } from "./landing";
import { PAGE_META } from "./page-meta";
import { PrivacyPage } from "./privacy-page";
import { initialPublicLang, type PublicLang, rememberPublicLang } from "./public-lang";
import type { PublicPageName } from "./public-paths";
import styles from "./site.module.css";
import { SiteFrame } from "./site-frame";
import { TermsPage } from "./terms-page";

/**
 * One public page in its frame, in the visitor's language (EN|ES, stored under vueml-lang),
 * with the public catalog (features/public/locales). The light boot (public-boot.tsx) and the
 * prerender activate the catalog before the first render; inside the app the page waits for it.
 */
export function PublicSite({
  page,
  initialLang,
}: {
  page: PublicPageName;
  initialLang?: PublicLang;
}) {
  const [lang, setLang] = useState<PublicLang>(() => initialLang ?? initialPublicLang());
  const [ready, setReady] = useState(publicI18n.locale === lang);
  useEffect(() => {
    let current = true;
    void activatePublic(lang).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [lang]);
  const handleLang = (next: PublicLang) => {
    rememberPublicLang(next);
    setLang(next);
  };
  if (!ready) return null;
  return (
    <I18nProvider i18n={publicI18n}>
      <PageInFrame page={page} lang={lang} onLang={handleLang} />
    </I18nProvider>
  );
}

function PageInFrame(props: {
  page: PublicPageName;
  lang: PublicLang;
  onLang: (lang: PublicLang) => void;
}) {
  const { i18n } = useLingui();
  const meta = PAGE_META[props.page];
  return (
    <SiteFrame
      lang={props.lang}
      onLang={props.onLang}
      meta={{ title: i18n._(meta.title), description: i18n._(meta.description) }}
    >
      {props.page === "landing" ? <Landing lang={props.lang} /> : null}
      {props.page === "contact" ? (
        <div className={styles.article}>
          <h1>
            <Trans>Contact</Trans>
          </h1>
          <p>
            <Trans>
              Tell us about your yard: docks, trucks a day, who plans them. We answer within one
              working day.
            </Trans>
          </p>
          <ContactForm lang={props.lang} />
        </div>
      ) : null}
      {props.page === "terms" ? <TermsPage /> : null}
      {props.page === "privacy" ? <PrivacyPage /> : null}
    </SiteFrame>
  );
}
