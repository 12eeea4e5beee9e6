import {
  type CountryCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
} from "libphonenumber-js";

/** Countries offered first in the phone country picker (spec: es, pt, gb, mx). */
export const PREFERRED_PHONE_COUNTRIES = ["ES", "PT", "GB", "MX"] as const;

export interface NormalisedPhone {
  /** E.164, e.g. +34612345678. */
  e164: string;
  /** ISO 3166-1 alpha-2 country of the number, e.g. ES. */
  country: string;
}

export function isPhoneCountry(value: string): value is CountryCode {
  return isSupportedCountry(value.toUpperCase());
}

/**
 * Validates a phone number typed nationally (with `country`) or internationally (+...).
 * Returns null when it is not a valid number.
 */
export function normalisePhone(raw: string, country?: string | null): NormalisedPhone | null {
  const trimmed = raw.trim();
  if (trimmed === "") return null;
  const defaultCountry = country && isPhoneCountry(country) ? country.toUpperCase() : undefined;
  const parsed = parsePhoneNumberFromString(trimmed, defaultCountry as CountryCode | undefined);
  if (!parsed?.isValid()) return null;
  return { e164: parsed.number, country: parsed.country ?? defaultCountry ?? "" };
}

/** Countries of the time zones a yard's clock is likely set to (the dock schedule's zone). */
const ZONE_COUNTRIES: Readonly<Record<string, CountryCode>> = {
  "Europe/Madrid": "ES",
  "Atlantic/Canary": "ES",
  "Africa/Ceuta": "ES",
  "Europe/Lisbon": "PT",
  "Atlantic/Azores": "PT",
  "Atlantic/Madeira": "PT",
  "Europe/London": "GB",
  "America/Mexico_City": "MX",
  "America/Monterrey": "MX",
  "America/Merida": "MX",
  "America/Cancun": "MX",
  "America/Chihuahua": "MX",
  "America/Hermosillo": "MX",
  "America/Mazatlan": "MX",
  "America/Matamoros": "MX",
  "America/Tijuana": "MX",
};

/**
 * The yard's country, the default for phone numbers typed without a country code (600111222 at
 * a Spanish yard is +34 600111222): the country of the yard's time zone (its dock clock) when it
 * names one, else Spain, the country of the product's default language (spec: default language
 * es). The company's lang_pt flag does not tell it: it only adds a PT language button (trw
 * companies show one too).
 */
export function yardCountry(yard: { timeZone?: string | null | undefined }): CountryCode {
  return (yard.timeZone ? ZONE_COUNTRIES[yard.timeZone] : undefined) ?? "ES";
}
