/**
 * Extracts the catalogs and fills es, pt and mx from translations.ts:
 *   node --import tsx src/client/tools/translate-catalogs.ts
 * Uses the project's own PO formatter, then extracts once more (which restores the placeholder
 * comments the parser drops), so `lingui extract` afterwards leaves the files unchanged.
 * Prints the messages that still lack a translation and exits 1 when there are any.
 */
import { spawnSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import type { CatalogFormatter } from "@lingui/conf";
import config from "../../../lingui.config";
import { TRANSLATIONS } from "./translations";

const LOCALES = ["es", "pt", "mx"] as const;
const root = new URL("../../../", import.meta.url);
const formatter = config.format as CatalogFormatter;
const missing = new Set<string>();

function extract(): void {
  const lingui = new URL("node_modules/.bin/lingui", root).pathname;
  const result = spawnSync(lingui, ["extract", "--clean"], { cwd: root, stdio: "ignore" });
  if (result.status !== 0) throw new Error(`lingui extract failed (${result.status})`);
}

extract();

for (const locale of LOCALES) {
  const filename = new URL(`src/client/locales/${locale}/messages.po`, root);
  const content = readFileSync(filename, "utf8");
  const ctx = { locale, sourceLocale: "en", filename: filename.pathname };
  const catalog = await formatter.parse(content, ctx);
  for (const [id, entry] of Object.entries(catalog)) {
    if (entry.obsolete) continue;
    const source = entry.message ?? id;
    const translation = TRANSLATIONS[source] ?? TRANSLATIONS[id];
    if (!translation) {
      missing.add(source);
      continue;
    }
    entry.translation = locale === "mx" ? (translation.mx ?? translation.es) : translation[locale];
  }
  writeFileSync(filename, await formatter.serialize(catalog, { ...ctx, existing: content }));
}

extract();

if (missing.size > 0) {
  console.error(`No translation for:\n${[...missing].map((m) => `  ${m}`).join("\n")}`);
  process.exitCode = 1;
} else {
  console.log(`Translated ${LOCALES.join(", ")}.`);
}
