/**
 * What a first visit of the public pages really downloads, seen by Chromium (Playwright,
 * Debian's Chromium) on the real server: the landing (/), /contact and the carrier's self
 * check-in page (/check-in/{token}, a fresh token of the demo company) and dock booking page
 * (/carrier-booking/{token}, issue 29): every same-origin
 * script and style requested until the page has settled (service workers blocked, so the
 * precache download is not counted). Sizes are those of the build's files, gzip -9 and
 * brotli. Part of `npm run bench bundle`; the public surface loads without the app bundle
 * (issues 15 and 17), and these figures show whether it stays so.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { chromium } from "@playwright/test";
import { carrierBookingPagePath, checkInPagePath, pageName, serve } from "./bench-lighthouse";
import { fileSize, printSizes } from "./bench-login";

const CHROME = process.env.CHROME_PATH ?? "/usr/bin/chromium";
const SETTLE_MS = 2_000;

/** Files of `dist` a first visit of each public page requests. */
export async function runPublicLoad(dist: string): Promise<void> {
  if (!existsSync(CHROME)) {
    console.log(`public pages in Chromium: skipped (no Chromium at ${CHROME}; set CHROME_PATH)`);
    return;
  }
  const server = await serve(dist);
  const browser = await chromium.launch({
    executablePath: CHROME,
    args: ["--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage", "--no-first-run"],
  });
  try {
    const paths = [
      "/",
      "/contact",
      await checkInPagePath(server.url),
      await carrierBookingPagePath(server.url),
    ];
    // The document of each path: a prerendered page (scripts/vite-prerender.ts) or the shell.
    const listed = join(dist, "prerendered.json");
    const documents = existsSync(listed)
      ? (JSON.parse(readFileSync(listed, "utf8")) as Record<
          string,
          string | Record<string, string>
        >)
      : {};
    const documentOf = (path: string, lang: string) => {
      const entry = documents[path];
      return typeof entry === "string" ? (lang === "en" ? entry : undefined) : entry?.[lang];
    };
    // The landing again for a visitor who chose Spanish (the vueml-lang cookie: its own page).
    const visits = [...paths.map((path) => ({ path, lang: "en" })), { path: "/", lang: "es" }];
    for (const { path, lang } of visits) {
      const context = await browser.newContext({ serviceWorkers: "block" });
      if (lang !== "en") {
        await context.addCookies([{ name: "vueml-lang", value: lang, url: server.url }]);
      }
      const page = await context.newPage();
      await page.goto(`${server.url}${path}`);
      await page.getByRole("heading", { level: 1 }).first().waitFor({ state: "visible" });
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(SETTLE_MS);
      const urls = await page.evaluate(() =>
        performance.getEntriesByType("resource").map((entry) => entry.name),
      );
      await context.close();
      const files = urls
        .map((href) => new URL(href))
        .filter((url) => url.origin === server.url)
        .map((url) => url.pathname.slice(1))
        .filter((file) => /\.(js|css)$/.test(file) && existsSync(join(dist, file)));
      const unique = [documentOf(path, lang) ?? "index.html", ...new Set(files)];
      const name = `${pageName(path)}${lang === "en" ? "" : ` (${lang} cookie)`}`;
      printSizes(
        `${name} first load in Chromium`,
        unique.map((file) => fileSize(dist, file)),
        true,
      );
    }
  } finally {
    await browser.close();
    await server.stop();
  }
}

if (process.argv[1]?.endsWith("bench-public.ts")) await runPublicLoad(process.argv[2] ?? "dist");
