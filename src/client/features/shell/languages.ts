import type { Locale } from "../../../shared/constants";
import type { Company } from "../../../shared/contract/company";

export interface LanguageOption {
  locale: Locale;
  label: "EN" | "ES" | "PT" | "MEX";
}

/** Language items of the User Config menu: EN, ES, then PT (trw or lang_pt) or MEX. */
export function languageOptions(
  company: Pick<Company, "is_trw" | "lang_pt"> | null,
): LanguageOption[] {
  const portuguese = company !== null && (company.is_trw || company.lang_pt);
  return [
    { locale: "en", label: "EN" },
    { locale: "es", label: "ES" },
    portuguese ? { locale: "pt", label: "PT" } : { locale: "mx", label: "MEX" },
  ];
}
