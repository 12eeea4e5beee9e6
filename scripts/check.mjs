#!/usr/bin/env node
// `npm run check`: the quick loop. Biome (format + lint, including the import-direction rules
// and noImportCycles of biome.json), the folder import rules of check-imports.mjs (no route
// folder imports another, no client feature another, no ring of domain folders, a README in
// each feature and resource folder), the TypeScript typecheck, a check that Lingui extraction
// would not change any catalog, and one that every message has its translation in each
// translated catalog.
// The .po catalogs are the one source of translations. Runs every step and exits non-zero
// when any fails.
import { spawnSync } from "node:child_process";
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { dirname, join, relative } from "node:path";
import { checkImports, formatViolation, summarize } from "./check-imports.mjs";
import { bin, printSummary, ROOT, run, step } from "./lib/steps.mjs";

const LINGUI_CONFIGS = ["lingui.config.ts", "lingui.config.js", "lingui.config.mjs"];
/** Catalogs translators fill in; `en` is the source language (its msgstr stays empty). */
const TRANSLATED_LOCALES = ["es", "pt", "mx"];

/** Every file under `dir` (recursive) as relative path -> contents. */
function snapshot(dir) {
  const files = new Map();
  if (!existsSync(dir)) return files;
  for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const path = join(entry.parentPath, entry.name);
    files.set(relative(ROOT, path), readFileSync(path));
  }
  return files;
}

/** Catalog content without the header Lingui rewrites on every run. */
function normalized(content) {
  return content.toString("utf8").replace(/^"POT-Creation-Date: [^"]*"\r?\n/m, "");
}

function differences(before, after) {
  const changed = [];
  for (const [path, content] of after) {
    if (!before.has(path)) changed.push(`added    ${path}`);
    else if (normalized(before.get(path)) !== normalized(content)) changed.push(`modified ${path}`);
  }
  for (const path of before.keys()) if (!after.has(path)) changed.push(`removed  ${path}`);
  return changed.sort((a, b) => a.slice(9).localeCompare(b.slice(9)));
}

/** Puts back the files as they were, touching only those that differ. */
function restore(before, after) {
  for (const path of after.keys()) if (!before.has(path)) rmSync(join(ROOT, path));
  for (const [path, content] of before) {
    if (after.get(path)?.equals(content)) continue;
    mkdirSync(dirname(join(ROOT, path)), { recursive: true });
    writeFileSync(join(ROOT, path), content);
  }
}

/**
 * Catalog directories: every `<rootDir>/...{locale}` path in the Lingui config (the app's
 * catalog and the public surface's, lingui.config.ts).
 */
function catalogDirs(configText) {
  const dirs = [...configText.matchAll(/["'`]<rootDir>\/([^"'`]*?)\/?\{locale\}/g)].map((match) =>
    match[1].replace(/\/$/, ""),
  );
  return dirs.length > 0 ? [...new Set(dirs)] : ["src/client/locales"];
}

/** Every file of the catalog directories, as relative path -> contents. */
function snapshotAll(dirs) {
  return new Map(dirs.flatMap((dir) => [...snapshot(join(ROOT, dir))]));
}

/** True when git reports no uncommitted change under `dirs`; false when unknown. */
function gitClean(dirs) {
  const result = spawnSync("git", ["status", "--porcelain", "--", ...dirs], {
    cwd: ROOT,
    encoding: "utf8",
  });
  return result.status === 0 && result.stdout.trim() === "";
}

async function linguiCheck() {
  const config = LINGUI_CONFIGS.find((name) => existsSync(join(ROOT, name)));
  if (!config) return { ok: false, detail: `no ${LINGUI_CONFIGS[0]}: nothing to extract with` };
  const dirs = catalogDirs(readFileSync(join(ROOT, config), "utf8"));
  const wasClean = gitClean(dirs);
  const before = snapshotAll(dirs);
  // The same command as `npm run i18n:extract`, so the check and the fix agree. One process, no
  // worker threads: on a busy 2-core machine Lingui's worker missed its 10 s start and the
  // check failed; in one process the extraction is faster there too (3.7 s, not 4.7 s).
  const { status, output } = await run(bin("lingui"), ["extract", "--clean", "--workers", "1"], {
    capture: true,
  });
  if (status !== 0) {
    console.log(output);
    restore(before, snapshotAll(dirs));
    return { ok: false, detail: `lingui extract failed (exit ${status})` };
  }
  const after = snapshotAll(dirs);
  const changed = differences(before, after);
  if (changed.length === 0) {
    restore(before, after); // only the creation date moved: keep the committed files
    return { ok: true, detail: `catalogs in ${dirs.join(", ")} are up to date` };
  }

  console.log(output);
  console.log("Extraction would change these catalogs:");
  for (const line of changed) console.log(`  ${line}`);
  if (wasClean) {
    restore(before, after);
    console.log("Catalogs restored. Run `npm run i18n:extract` and commit the catalogs.");
  } else {
    console.log(
      `${dirs.join(", ")} had uncommitted changes before the check, so the extracted catalogs ` +
        "were left in place: review them with `git diff` and commit.",
    );
  }
  return { ok: false, detail: `${changed.length} catalog file(s) out of date` };
}

/** A PO string: the quoted text of a keyword line and its continuation lines, unescaped. */
function poString(lines, start) {
  let text = "";
  for (let i = start; i < lines.length; i++) {
    const match = (i === start ? /^\S+ (".*")$/ : /^(".*")$/).exec(lines[i]);
    if (!match) break;
    text += JSON.parse(match[1]);
  }
  return text;
}

/** The active (not obsolete) messages of a PO file whose msgstr is empty. */
function untranslated(content) {
  const missing = [];
  for (const entry of content.split(/\r?\n\r?\n/)) {
    const lines = entry.split(/\r?\n/).filter((line) => !line.startsWith("#"));
    const id = lines.findIndex((line) => line.startsWith("msgid "));
    const str = lines.findIndex((line) => line.startsWith("msgstr "));
    if (id === -1 || str === -1) continue;
    const msgid = poString(lines, id);
    if (msgid !== "" && poString(lines, str) === "") missing.push(msgid);
  }
  return missing;
}

function translationsCheck() {
  const config = LINGUI_CONFIGS.find((name) => existsSync(join(ROOT, name)));
  const dirs = config
    ? catalogDirs(readFileSync(join(ROOT, config), "utf8"))
    : ["src/client/locales"];
  let count = 0;
  for (const dir of dirs) {
    let missing = 0;
    for (const locale of TRANSLATED_LOCALES) {
      const file = join(ROOT, dir, locale, "messages.po");
      if (!existsSync(file)) {
        console.log(`${relative(ROOT, file)} is missing`);
        missing += 1;
        continue;
      }
      for (const msgid of untranslated(readFileSync(file, "utf8"))) {
        console.log(`  ${dir} ${locale}: ${msgid}`);
        missing += 1;
      }
    }
    if (missing > 0) console.log(`Translate these in ${dir}/<locale>/messages.po (msgstr).`);
    count += missing;
  }
  if (count === 0) {
    return {
      ok: true,
      detail: `${TRANSLATED_LOCALES.join(", ")} complete in ${dirs.length} catalogs`,
    };
  }
  return { ok: false, detail: `${count} missing translation(s)` };
}

/**
 * tsc runs on one core for most of the check's time: it starts first and runs beside biome,
 * the import rules and the Lingui extraction (which write nothing it reads); its step waits
 * for it.
 */
let typecheckRun;
function startTypecheck() {
  typecheckRun ??= run(bin("tsc"), ["--noEmit"], { capture: true });
  return typecheckRun;
}

async function typecheck() {
  const { status, output } = await startTypecheck();
  process.stdout.write(output);
  if (status === 0) return { ok: true };
  const hint = /routeTree\.gen/.test(output)
    ? " (routeTree.gen.ts is generated by `npm run build`; commit it)"
    : "";
  return { ok: false, detail: `tsc exited with ${status}${hint}` };
}

const results = [];
void startTypecheck();
await step(results, "biome check", async () => {
  const { status } = await run(bin("biome"), ["check", "."]);
  const detail = "fix what it lists (`npx biome check --write .` fixes format and import order)";
  return { ok: status === 0, detail: status === 0 ? "" : detail };
});
await step(results, "imports", async () => {
  const { files, violations } = checkImports(ROOT);
  for (const violation of violations) console.log(formatViolation(violation));
  if (violations.length === 0)
    return { ok: true, detail: `${files} files follow the folder rules` };
  return { ok: false, detail: `${violations.length} violation(s): ${summarize(violations)}` };
});
await step(results, "lingui catalogs", linguiCheck);
await step(results, "translations", async () => translationsCheck());
await step(results, "typecheck (started first, alongside)", typecheck);

printSummary("check", results);
process.exit(results.every((r) => r.ok) ? 0 : 1);
