import { I18nProvider } from "@lingui/react";
import { useEffect, useState } from "react";
import { initialLocale, rememberLocale } from "../../../lib/i18n";
import { activatePublic, type PublicLocale, publicI18n } from "../public-i18n";
import { SelfCheckInPage } from "./self-check-in-page";

/**
 * The self check-in page with its catalog (the public one). Its language works as the app's
 * does (lib/i18n.ts): it starts in the stored language (es, en or pt; mx for a mexico user's
 * es) and a choice is stored under `lang`, mx included (the next start resets mx to es).
 */
export function SelfCheckIn({ token }: { token: string }) {
  const [locale, setLocale] = useState<PublicLocale>(initialLocale);
  const [ready, setReady] = useState(publicI18n.locale === locale);
  useEffect(() => {
    let current = true;
    void activatePublic(locale).then(() => {
      if (current) setReady(true);
    });
    return () => {
      current = false;
    };
  }, [locale]);
  const handleLocale = (next: PublicLocale) => {
    rememberLocale(next);
    setLocale(next);
  };
  if (!ready) return null;
  return (
    <I18nProvider i18n={publicI18n}>
      <SelfCheckInPage token={token} onLocale={handleLocale} />
    </I18nProvider>
  );
}
