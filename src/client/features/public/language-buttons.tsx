import { useLingui } from "@lingui/react/macro";
import buttonStyles from "../../ui/button.module.css";
import type { PublicLocale } from "./public-i18n";

const LANGUAGES: { locale: PublicLocale; label: string }[] = [
  { locale: "en", label: "EN" },
  { locale: "es", label: "ES" },
  { locale: "pt", label: "PT" },
  { locale: "mx", label: "MX" },
];

/** EN/ES/PT/MX on a carrier's public page; the current one is marked. */
export function LanguageButtons({
  className,
  onLocale,
}: {
  className: string | undefined;
  onLocale: (locale: PublicLocale) => void;
}) {
  const { t, i18n } = useLingui();
  return (
    <fieldset className={className}>
      <legend className="visually-hidden">{t`Language`}</legend>
      {LANGUAGES.map(({ locale, label }) => (
        <button
          key={locale}
          type="button"
          className={`${buttonStyles.button} ${i18n.locale === locale ? buttonStyles.primary : buttonStyles.secondary}`}
          aria-current={i18n.locale === locale ? "true" : undefined}
          onClick={() => onLocale(locale)}
        >
          {label}
        </button>
      ))}
    </fieldset>
  );
}
