/**
 * `npm run bench`: figures, not pass/fail, in four parts (`npm run bench -- bundle,http` runs
 * some of them): bundle (what the browser downloads to show /login: index.html, the entry and
 * its static imports with their CSS, and the catalog of a first visitor's language (es), exact
 * with vite.config.ts's build.manifest; the same seen by Chromium on the real server
 * (scripts/bench-login.ts); what the public pages and the self check-in page load in Chromium
 * (scripts/bench-public.ts); and everything the service worker precaches; raw, gzip -9 and
 * brotli), lighthouse (scripts/bench-lighthouse.ts: mobile performance and accessibility of
 * /login, /, /contact, /check-in/{token} and /carrier-booking/{token} on the real server),
 * http (scripts/bench-http.ts: GET api/expedition under load, Yardline vs bare Fastify + pg,
 * and on PGlite), offline (scripts/bench-offline.ts), series (scripts/bench-series.ts: 52
 * weekly occurrences created in one request, PGlite and PostgreSQL), import
 * (scripts/bench-import.ts: 10,000 spreadsheet rows previewed and imported), booking
 * (scripts/bench-carrier-booking.ts: 50 carriers booking at once, latency p99, issue 29) and
 * webhooks (scripts/bench-webhooks.ts: delivery lag at 50 changes/s); on request only, metrics
 * (scripts/bench-metrics.ts: BI metrics over a year of 1,000,000 lines on the PostgreSQL of
 * DATABASE_URL; `npm run bench -- metrics`) and storage (scripts/bench-storage.ts: 20 clients
 * uploading 20 MB each at once, then downloading, per attachment storage kind: MB/s and the
 * server's peak RSS; `npm run bench -- storage`), scale (scripts/bench-scale.ts, issue 30: a
 * million lines on PostgreSQL, kept as a template database between runs: list p50/p99 at 16
 * connections, a change-feed catch-up of 10,000 changes and the BI queries over a year through
 * the real server; `npm run bench -- scale`) and load (scripts/bench-load.ts, issue 30: 200
 * simulated devices on two server instances of one PostgreSQL for BENCH_LOAD_SECONDS (600):
 * errors, p50/p99 per operation, live-event lag across instances, RSS per instance over time;
 * `npm run bench -- load`). bundle and lighthouse need a prior
 * `npm run build`; BENCH_DIST points elsewhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { DEFAULT_LOCALE } from "../src/shared/constants";
import { runCarrierBookingBench } from "./bench-carrier-booking";
import { runHttpBench } from "./bench-http";
import { runImportBench } from "./bench-import";
import { runLighthouse } from "./bench-lighthouse";
import { runLoadBench } from "./bench-load";
import { fileSize, printSizes, runLoginLoad } from "./bench-login";
import { runMetricsBench } from "./bench-metrics";
import { runOfflineBench } from "./bench-offline";
import { runPublicLoad } from "./bench-public";
import { runScaleBench } from "./bench-scale";
import { runSeriesBench } from "./bench-series";
import { runStorageBench } from "./bench-storage";
import { runWebhooksBench } from "./bench-webhooks";

/** A first visitor's language (spec section 4): its catalog loads at boot. */
const FIRST_LOCALE = DEFAULT_LOCALE;
const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL("../dist", import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

function allFiles(dir = DIST): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => path.split("\\").join("/"));
}

/**
 * The entry chunk, its static imports and CSS, and the first visitor's catalog (lib/i18n.ts
 * loads it before the first paint). A first /login draws the standalone login screen
 * (features/session/login-boot.tsx), so no router route chunk belongs here; the Chromium run
 * (scripts/bench-login.ts) checks that.
 */
function loginFromManifest(manifest: Manifest): string[] {
  const files = new Set<string>(["index.html"]);
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const css of chunk.css ?? []) files.add(css);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const [key, chunk] of Object.entries(manifest)) {
    // The app's catalog, not the public surface's (features/public/locales).
    const isFirstCatalog = key === `src/client/locales/${FIRST_LOCALE}/messages.po`;
    if (chunk.isEntry || isFirstCatalog) visit(key);
  }
  return [...files];
}

/** Without a Vite manifest: what index.html loads plus any chunk named like login. */
function loginFromHtml(): string[] {
  const html = readFileSync(join(DIST, "index.html"), "utf8");
  const referenced = [...html.matchAll(/(?:src|href)="\/?([^"]+\.(?:js|css))"/g)].map(
    (match) => match[1] ?? "",
  );
  const named = allFiles().filter((file) => /(^|\/)[^/]*login[^/]*\.(js|css)$/i.test(file));
  return [...new Set(["index.html", ...referenced, ...named])];
}

/** URLs in the service worker's precache manifest (generateSW or injectManifest output). */
function precacheEntries(): string[] | undefined {
  const sw = ["sw.js", "service-worker.js"].find((name) => existsSync(join(DIST, name)));
  if (!sw) return undefined;
  const source = readFileSync(join(DIST, sw), "utf8");
  const urls = [...source.matchAll(/["']?url["']?\s*:\s*["']([^"']+)["']/g)].map((m) => m[1]);
  const files = [...new Set(urls)]
    .filter((url): url is string => url !== undefined)
    .map((url) => url.replace(/^\//, "").split("?")[0] ?? url)
    .filter((file) => existsSync(join(DIST, file)) && statSync(join(DIST, file)).isFile());
  return files.length > 0 ? files : undefined;
}

function report(title: string, files: string[], detail = false): void {
  const sized = files.filter((file) => existsSync(join(DIST, file)));
  printSizes(
    title,
    sized.map((file) => fileSize(DIST, file)),
    detail,
  );
}

const PARTS = [
  "bundle",
  "lighthouse",
  "http",
  "offline",
  "series",
  "import",
  "booking",
  "webhooks",
] as const;
/** Parts that run only when named (minutes of seeding). */
const ON_REQUEST = ["metrics", "storage", "scale", "load"] as const;
const chosen = new Set(process.argv[2]?.split(",") ?? PARTS);
const known: readonly string[] = [...PARTS, ...ON_REQUEST];
const unknown = [...chosen].filter((part) => !known.includes(part));
if (unknown.length > 0) {
  console.error(`unknown bench part ${unknown.join(", ")}: choose from ${known.join(", ")}`);
  process.exit(1);
}

if ((chosen.has("bundle") || chosen.has("lighthouse")) && !existsSync(join(DIST, "index.html"))) {
  console.error("dist/ has no build: run `npm run build` first, then `npm run bench`.");
  process.exit(1);
}

async function bundleFigures(): Promise<void> {
  console.log(
    `Bundle figures for ${relative(process.cwd(), DIST) || DIST} (gzip level 9, brotli)\n`,
  );

  const manifestPath = join(DIST, ".vite", "manifest.json");
  let login: string[];
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    login = loginFromManifest(manifest);
  } else {
    login = loginFromHtml();
    console.log("(no dist/.vite/manifest.json: login files taken from index.html and file names)");
  }
  report("login route (first load, manifest)", login, true);
  console.log();
  await runLoginLoad(DIST);
  console.log();
  await runPublicLoad(DIST);
  console.log();

  const precache = precacheEntries();
  if (precache) {
    report("service worker precache", precache);
  } else {
    console.log("(no precache manifest found in dist/sw.js: measuring every file in dist)");
    report("dist total", allFiles());
  }
}

if (chosen.has("bundle")) await bundleFigures();
if (chosen.has("lighthouse")) {
  console.log();
  await runLighthouse(DIST);
}
if (chosen.has("http")) {
  console.log();
  await runHttpBench();
}
// Mirror, enqueue and replay figures in real Chromium (scripts/bench-offline.ts; no dist needed).
if (chosen.has("offline")) {
  console.log();
  await runOfflineBench();
}

// A repeated line's 52 occurrences in one request, PGlite and PostgreSQL (scripts/bench-series.ts).
if (chosen.has("series")) {
  console.log();
  await runSeriesBench();
}

// 10,000 rows of a spreadsheet previewed and imported, PGlite and PostgreSQL (scripts/bench-import.ts).
if (chosen.has("import")) {
  console.log();
  await runImportBench();
}

// Webhook delivery lag at 50 line changes a second (scripts/bench-webhooks.ts, issue 28).
if (chosen.has("webhooks")) {
  console.log();
  await runWebhooksBench();
}

// BI metrics over a year of 1,000,000 lines on PostgreSQL (scripts/bench-metrics.ts).
if (chosen.has("metrics")) {
  console.log();
  await runMetricsBench();
}
// 50 carriers booking dock hours at once (scripts/bench-carrier-booking.ts, issue 29).
if (chosen.has("booking")) {
  console.log();
  await runCarrierBookingBench();
}

// Attachment throughput and server memory per storage kind (scripts/bench-storage.ts).
if (chosen.has("storage")) {
  console.log();
  await runStorageBench();
}

// A million lines through the real server: lists, change-feed catch-up, BI (scripts/bench-scale.ts).
if (chosen.has("scale")) {
  console.log();
  await runScaleBench();
}

// 200 devices on two instances: errors, latency, event lag, memory (scripts/bench-load.ts).
if (chosen.has("load")) {
  console.log();
  await runLoadBench();
}
