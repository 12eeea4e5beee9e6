import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * Catalogs of the client. `mx` is Mexican Spanish (client -> SKU, delivery note -> Folio,
 * bay -> Bahía) and falls back to `es`. The .po files are the one source of translations:
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
      exclude: ["**/node_modules/**", "**/*.test.ts", "**/*.test.tsx", "src/client/tools/**"],
    },
  ],
  format: formatter({ lineNumbers: false }),
});
