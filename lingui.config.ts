import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/** The public surface's own catalog (features/public/public-i18n.ts): pages that load alone. */
const PUBLIC_SOURCES = [
  "src/client/features/public/site",
  "src/client/features/public/self-check-in",
  "src/client/features/public/carrier-booking",
];
/** Pieces the carrier's pages share (language buttons, a field, the locale provider). */
const PUBLIC_FILES = [
  "src/client/features/public/language-buttons.tsx",
  "src/client/features/public/public-field.tsx",
  "src/client/features/public/public-locale.tsx",
];

/**
 * Catalogs of the client: the app's, and the public surface's (the public pages and the
 * carrier's self check-in and dock booking pages, which load without the app and its catalogs; the site shows
 * en and es, the check-in page all four). `mx` is Mexican Spanish (client -> SKU, delivery
 * note -> Folio, bay -> Bahía) and falls back to `es`. The .po files are the one source of translations:
 * `npm run i18n:extract` adds new messages, translators fill their msgstr. Line numbers are left
 * out so code edits do not churn the catalogs; `npm run check` fails when `lingui extract
 * --clean` would change one or when a msgstr is empty in es, pt or mx.
 */
export default defineConfig({
  locales: ["es", "en", "pt", "mx"],
  sourceLocale: "en",
  fallbackLocales: { mx: "es", default: "en" },
  catalogs: [
    {
      path: "<rootDir>/src/client/locales/{locale}/messages",
      include: ["src/client"],
      exclude: [
        "**/node_modules/**",
        "**/*.test.ts",
        "**/*.test.tsx",
        "src/client/tools/**",
        ...PUBLIC_SOURCES.map((dir) => `${dir}/**`),
        ...PUBLIC_FILES,
      ],
    },
    {
      path: "<rootDir>/src/client/features/public/locales/{locale}/messages",
      include: [...PUBLIC_SOURCES, ...PUBLIC_FILES],
      exclude: ["**/*.test.ts", "**/*.test.tsx"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
