/**
 * What a first visit of /login really downloads, seen by Chromium (Playwright, Debian's
 * Chromium) on the real server: every same-origin script and style requested until the login
 * form shows, then what follows once the page has settled (the deferred notices and service
 * worker registration; service workers are blocked, so the precache download is not counted).
 * Sizes are those of the build's files, gzip -9 and brotli. Part of `npm run bench bundle`:
 * it cross-checks the manifest-based figure, whatever the app's boot path looks like.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";
import { chromium } from "@playwright/test";
import { serve } from "./bench-lighthouse";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
/** How long the page may take to settle after the form shows. */
const SETTLE_MS = 5_000;

export interface FileSize {
  file: string;
  raw: number;
  gzip: number;
  brotli: number;
}

/** Raw, gzip -9 and brotli (the build's .br when present, else quality 11) of a dist file. */
export function fileSize(dist: string, file: string): FileSize {
  const content = readFileSync(join(dist, file));
  const br = join(dist, `${file}.br`);
  const brotli = existsSync(br)
    ? readFileSync(br).length
    : brotliCompressSync(content, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
      }).length;
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length, brotli };
}

const kB = (bytes: number) => (bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`);

export function printSizes(title: string, sizes: FileSize[], detail: boolean): void {
  const sum = (list: FileSize[], key: "raw" | "gzip" | "brotli") =>
    list.reduce((total, size) => total + size[key], 0);
  const js = sizes.filter((size) => size.file.endsWith(".js"));
  console.log(
    `${title}: ${sizes.length} files (${js.length} JavaScript), ${kB(sum(sizes, "raw"))} raw, ` +
      `${kB(sum(sizes, "gzip"))} gzip, ${kB(sum(sizes, "brotli"))} brotli; ` +
      `JavaScript ${kB(sum(js, "gzip"))} gzip, ${kB(sum(js, "brotli"))} brotli`,
  );
  if (!detail) return;
  const width = Math.max(...sizes.map((size) => size.file.length));
  for (const size of [...sizes].sort((a, b) => b.gzip - a.gzip)) {
    console.log(
      `  ${size.file.padEnd(width)} ${kB(size.raw).padStart(10)} ${kB(size.gzip).padStart(10)} ` +
        `${kB(size.brotli).padStart(10)}`,
    );
  }
}

/** Files of `dist` a first visit of /login requests: before the form shows, and after. */
export async function runLoginLoad(dist: string): Promise<void> {
  if (!existsSync(CHROME)) {
    console.log(`login in Chromium: skipped (no Chromium at ${CHROME}; set CHROME_PATH)`);
    return;
  }
  const server = await serve(dist);
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const context = await browser.newContext({ serviceWorkers: "block" });
    const page = await context.newPage();
    // The moment the form is in the page, by the page's own clock (resource timings share it).
    await page.addInitScript(() => {
      const observer = new MutationObserver(() => {
        if (!document.querySelector('input[name="username"]')) return;
        (window as unknown as { formShownAt: number }).formShownAt = performance.now();
        observer.disconnect();
      });
      observer.observe(document, { childList: true, subtree: true });
    });
    await page.goto(`${server.url}/login`);
    await page.locator('input[name="username"]').waitFor({ state: "visible" });
    await page.waitForLoadState("networkidle");
    await page.waitForTimeout(SETTLE_MS);
    const { formShownAt, resources } = await page.evaluate(() => ({
      formShownAt: (window as unknown as { formShownAt: number }).formShownAt,
      resources: performance
        .getEntriesByType("resource")
        .map((entry) => ({ url: entry.name, start: entry.startTime })),
    }));
    const fileOf = (href: string) => {
      const url = new URL(href);
      return url.origin === server.url ? url.pathname.slice(1) : "";
    };
    const inDist = (file: string) => /\.(js|css)$/.test(file) && existsSync(join(dist, file));
    const shown = [
      "index.html",
      ...resources.filter((r) => r.start <= formShownAt).map((r) => fileOf(r.url)),
    ].filter(
      (file, index, all) => (file === "index.html" || inDist(file)) && all.indexOf(file) === index,
    );
    const later = resources
      .map((r) => fileOf(r.url))
      .filter(
        (file, index, all) => inDist(file) && !shown.includes(file) && all.indexOf(file) === index,
      );
    printSizes(
      "login first load in Chromium, until the form shows",
      shown.map((file) => fileSize(dist, file)),
      true,
    );
    printSizes(
      `then within ${SETTLE_MS / 1000} s (deferred)`,
      later.map((file) => fileSize(dist, file)),
      false,
    );
  } finally {
    await browser.close();
    await server.stop();
  }
}
