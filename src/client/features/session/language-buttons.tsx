import { useLingui } from "@lingui/react/macro";
import type { Locale } from "../../../shared/constants";
import { chooseLocale } from "../../lib/i18n";
import { Button } from "../../ui/button";

const LOGIN_LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: "en", label: "EN" },
  { locale: "es", label: "ES" },
  { locale: "pt", label: "PT" },
];

/** Language switch of the login page (no company yet, so EN, ES and PT). */
export function LanguageButtons({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{t`Language`}</legend>
      {LOGIN_LANGUAGES.map(({ locale, label }) => (
        <Button
          key={locale}
          variant={i18n.locale === locale ? "primary" : "secondary"}
          aria-current={i18n.locale === locale ? "true" : undefined}
          onPress={() => void chooseLocale(locale)}
        >
          {label}
        </Button>
      ))}
    </fieldset>
  );
}
