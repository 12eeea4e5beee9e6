import { useLingui } from "@lingui/react/macro";
import type { Locale } from "../../../shared/constants";
import { chooseLocale } from "../../lib/i18n";
import buttonStyles from "../../ui/button.module.css";

const LOGIN_LANGUAGES: { locale: Locale; label: string }[] = [
  { locale: "en", label: "EN" },
  { locale: "es", label: "ES" },
  { locale: "pt", label: "PT" },
];

/** Language switch of the login page (no company yet, so EN, ES and PT); plain buttons. */
export function LanguageButtons({ className }: { className?: string }) {
  const { i18n, t } = useLingui();
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{t`Language`}</legend>
      {LOGIN_LANGUAGES.map(({ locale, label }) => (
        <button
          key={locale}
          type="button"
          className={`${buttonStyles.button} ${
            i18n.locale === locale ? buttonStyles.primary : buttonStyles.secondary
          }`}
          aria-current={i18n.locale === locale ? "true" : undefined}
          onClick={() => void chooseLocale(locale)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
