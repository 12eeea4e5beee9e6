import { defineConfig } from "@lingui/cli";
import { formatter } from "@lingui/format-po";

/**
 * Catalogs of the client. `mx` is Mexican Spanish (client -> SKU, delivery note -> Folio,
 * bay -> Bahía) and falls back to `es`. Line numbers are left out so code edits do not churn the
 * catalogs; `npm run check` fails when `lingui extract --clean` would change one.
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
