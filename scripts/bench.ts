/**
 * `npm run bench`: figures, not pass/fail, in four parts (`npm run bench -- bundle,http` runs
 * some of them): bundle (what the browser downloads to show /login: index.html and what it
 * loads, its modulepreloads, the entry's static imports and the login route chunks, exact with
 * vite.config.ts's build.manifest; and everything the service worker precaches, raw and gzip
 * -9), lighthouse (scripts/bench-lighthouse.ts: mobile score of /login on the real server),
 * http (scripts/bench-http.ts: GET api/expedition under load, Yardline vs bare Fastify + pg,
 * and on PGlite), offline (scripts/bench-offline.ts) and series (scripts/bench-series.ts: 52
 * weekly occurrences created in one request, PGlite and PostgreSQL). bundle and lighthouse need a prior
 * `npm run build`; BENCH_DIST points elsewhere.
 */
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";
import { runHttpBench } from "./bench-http";
import { runLighthouse } from "./bench-lighthouse";
import { runOfflineBench } from "./bench-offline";
import { runSeriesBench } from "./bench-series";

const DIST = process.env.BENCH_DIST ?? fileURLToPath(new URL("../dist", import.meta.url));

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

interface Sized {
  file: string;
  raw: number;
  gzip: number;
}

function size(file: string): Sized {
  const content = readFileSync(join(DIST, file));
  return { file, raw: content.length, gzip: gzipSync(content, { level: 9 }).length };
}

function kB(bytes: number): string {
  return bytes < 1024 ? `${bytes} B` : `${(bytes / 1024).toFixed(1)} kB`;
}

function allFiles(dir = DIST): string[] {
  return readdirSync(dir, { recursive: true, encoding: "utf8" })
    .filter((path) => statSync(join(dir, path)).isFile())
    .map((path) => path.split("\\").join("/"));
}

/** The entry chunk, its static imports and CSS, and the chunks of routes named like login. */
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
    const isLoginRoute = /routes\/.*login/i.test(key) && !key.includes("node_modules");
    if (chunk.isEntry || isLoginRoute) visit(key);
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
  const sized = files.filter((file) => existsSync(join(DIST, file))).map(size);
  const raw = sized.reduce((sum, s) => sum + s.raw, 0);
  const gzip = sized.reduce((sum, s) => sum + s.gzip, 0);
  const js = sized.filter((s) => s.file.endsWith(".js")).reduce((sum, s) => sum + s.gzip, 0);
  console.log(
    `${title}: ${sized.length} files, ${kB(raw)} raw, ${kB(gzip)} gzip (JavaScript ${kB(js)} gzip)`,
  );
  if (!detail) return;
  const width = Math.max(...sized.map((s) => s.file.length));
  for (const s of sized.sort((a, b) => b.gzip - a.gzip)) {
    console.log(`  ${s.file.padEnd(width)} ${kB(s.raw).padStart(10)} ${kB(s.gzip).padStart(10)}`);
  }
}

const PARTS = ["bundle", "lighthouse", "http", "offline", "series"] as const;
const chosen = new Set(process.argv[2]?.split(",") ?? PARTS);
const unknown = [...chosen].filter((part) => !(PARTS as readonly string[]).includes(part));
if (unknown.length > 0) {
  console.error(`unknown bench part ${unknown.join(", ")}: choose from ${PARTS.join(", ")}`);
  process.exit(1);
}

if ((chosen.has("bundle") || chosen.has("lighthouse")) && !existsSync(join(DIST, "index.html"))) {
  console.error("dist/ has no build: run `npm run build` first, then `npm run bench`.");
  process.exit(1);
}

function bundleFigures(): void {
  console.log(`Bundle figures for ${relative(process.cwd(), DIST) || DIST} (gzip level 9)\n`);

  const manifestPath = join(DIST, ".vite", "manifest.json");
  const login = new Set(loginFromHtml());
  if (existsSync(manifestPath)) {
    const manifest = JSON.parse(readFileSync(manifestPath, "utf8")) as Manifest;
    for (const file of loginFromManifest(manifest)) login.add(file);
  } else {
    console.log("(no dist/.vite/manifest.json: login files taken from index.html and file names)");
  }
  report("login route (first load)", [...login], true);
  console.log();

  const precache = precacheEntries();
  if (precache) {
    report("service worker precache", precache);
  } else {
    console.log("(no precache manifest found in dist/sw.js: measuring every file in dist)");
    report("dist total", allFiles());
  }
}

if (chosen.has("bundle")) bundleFigures();
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
