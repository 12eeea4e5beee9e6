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
