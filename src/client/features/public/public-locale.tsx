import { I18nProvider } from "@lingui/react";
import { type ReactNode, useEffect, useState } from "react";
import { initialLocale, rememberLocale } from "../../lib/i18n";
import { activatePublic, type PublicLocale, publicI18n } from "./public-i18n";

/**
 * A carrier's public page (self check-in, dock booking) with the public catalog. Its language
 * works as the app's does (lib/i18n.ts): it starts in the stored language (es, en or pt; mx
 * for a mexico user's es) and a choice is stored under `lang`, mx included (the next start
 * resets mx to es).
 */
export function PublicLocaleProvider({
  children,
}: {
  children: (onLocale: (locale: PublicLocale) => void) => ReactNode;
}) {
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
  return <I18nProvider i18n={publicI18n}>{children(handleLocale)}</I18nProvider>;
}
