import { type CountryCode, getCountries, getCountryCallingCode } from "libphonenumber-js";
import { PREFERRED_PHONE_COUNTRIES } from "../../../shared/phone";

export interface PhoneCountry {
  code: CountryCode;
  /** E.g. "+34". */
  callingCode: string;
  /** Country name in the interface language, e.g. "Spain". */
  name: string;
}

/** Interface locales that are not BCP 47 tags of their own. */
const INTL_LOCALE: Record<string, string> = { mx: "es-MX" };

function regionNames(locale: string): (code: string) => string {
  try {
    const names = new Intl.DisplayNames([INTL_LOCALE[locale] ?? locale, "en"], { type: "region" });
    return (code) => names.of(code) ?? code;
  } catch {
    return (code) => code;
  }
}

/**
 * The phone country picker's options (spec section 2): the preferred ES, PT, GB, MX first, in
 * that order, then every other country libphonenumber knows, by name.
 */
export function phoneCountries(locale: string): {
  preferred: PhoneCountry[];
  others: PhoneCountry[];
} {
  const nameOf = regionNames(locale);
  const entry = (code: CountryCode): PhoneCountry => ({
    code,
    callingCode: `+${getCountryCallingCode(code)}`,
    name: nameOf(code),
  });
  const preferredCodes: readonly string[] = PREFERRED_PHONE_COUNTRIES;
  const collator = new Intl.Collator(INTL_LOCALE[locale] ?? locale);
  return {
    preferred: PREFERRED_PHONE_COUNTRIES.map((code) => entry(code)),
    others: getCountries()
      .filter((code) => !preferredCodes.includes(code))
      .map(entry)
      .sort((a, b) => collator.compare(a.name, b.name)),
  };
}

export const DEFAULT_PHONE_COUNTRY: CountryCode = "ES";
