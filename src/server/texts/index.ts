import type { Locale } from "../../shared/constants";
import { en } from "./en";
import { es } from "./es";
import { mx } from "./mx";
import { pt } from "./pt";
import type { ServerTexts } from "./types";

/**
 * The server's text for people (PDF labels, mails, the check-in SMS) in their language: one
 * catalogue file per language (README.md). The interface's own texts are the client's Lingui
 * catalogues (src/client/locales).
 */
const CATALOGUE: Record<Locale, ServerTexts> = { en, es, pt, mx };

/** The languages a request may ask for (English first: the default). */
export const TEXT_LANGUAGES = ["en", "es", "pt", "mx"] as const satisfies readonly Locale[];
export type TextLanguage = (typeof TEXT_LANGUAGES)[number];

export function textsFor(language: Locale = "en"): ServerTexts {
  return CATALOGUE[language];
}

/** Accept-Language's first known tag (es-MX is the Mexican variant); English otherwise. */
export function languageFromHeader(header: string | undefined): TextLanguage {
  for (const part of (header ?? "").split(",")) {
    const tag = part.split(";")[0]?.trim().toLowerCase() ?? "";
    if (tag === "es-mx" || tag === "mx") return "mx";
    const base = tag.split("-")[0];
    if (base === "en" || base === "es" || base === "pt") return base;
  }
  return "en";
}
