import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import fastifyStatic from "@fastify/static";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { errors } from "../errors";

/**
 * Serves the built PWA from one origin with the API. Paths the build prerendered (the public
 * pages, listed in prerendered.json by scripts/vite-prerender.ts) get their own HTML; other
 * unknown GET paths outside the API that accept HTML get index.html (client-side routing);
 * everything else unknown is a JSON 404.
 */
const API_PREFIXES = [
  "/api/",
  "/get-token",
  "/jwt/",
  "/sso/",
  "/config.json",
  "/healthz",
  "/readyz",
  "/metrics",
];
/**
 * Files that must be revalidated on every load so a new release is picked up at once, as is
 * every .html file (the shell and the prerendered pages name the release's assets).
 */
const NO_CACHE = new Set(["sw.js", "registerSW.js", "manifest.webmanifest"]);
/** The build's list of prerendered pages: path -> HTML file of the build. */
const PRERENDERED = "prerendered.json";

function isApiPath(url: string): boolean {
  const path = url.split("?")[0] ?? "";
  return path === "/api" || API_PREFIXES.some((prefix) => path.startsWith(prefix));
}

function wantsHtml(request: FastifyRequest): boolean {
  const accept = request.headers.accept ?? "";
  return accept.includes("text/html");
}

/** The languages the build prerenders each public page in; the first is the default. */
const PAGE_LANGS = ["en", "es"] as const;
type PageLang = (typeof PAGE_LANGS)[number];
/**
 * The first-party cookie the public pages' EN|ES switch sets beside localStorage 'vueml-lang'
 * (features/public/site/public-lang.ts): en, es, en_bw or es_bw.
 */
const LANG_COOKIE = "vueml-lang";

/**
 * The visitor's page language: the cookie (their choice), else the first of Accept-Language's
 * tags the pages speak (a first-time visitor from Spain or Mexico reads Spanish), else English.
 * The client's public-lang.ts decides the same way by navigator.languages.
 */
export function pageLangOf(
  cookieHeader: string | undefined,
  acceptLanguage?: string | undefined,
): PageLang {
  for (const part of (cookieHeader ?? "").split(";")) {
    const [name, value] = part.split("=", 2).map((piece) => piece.trim());
    if (name !== LANG_COOKIE) continue;
    if (value === "es" || value === "es_bw") return "es";
    if (value === "en" || value === "en_bw") return "en";
  }
  const tags = (acceptLanguage ?? "")
    .split(",")
    .map((part) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = params.map((param) => /^\s*q=([\d.]+)/.exec(param)?.[1]).find(Boolean);
      return { base: tag.split("-")[0], q: q === undefined ? 1 : Number(q) };
    })
    .filter((tag) => tag.q > 0)
    .sort((a, b) => b.q - a.q);
  for (const { base } of tags) if (base === "es" || base === "en") return base;
  return "en";
}

/**
 * The build's list: path -> file per language ({"/": {"en": ..., "es": ...}}); a plain file
 * name (older builds) is the English page.
 */
function readPrerendered(root: string): Map<string, Partial<Record<PageLang, string>>> {
  const list = resolve(root, PRERENDERED);
  const pages = new Map<string, Partial<Record<PageLang, string>>>();
  if (!existsSync(list)) return pages;
  const raw = JSON.parse(readFileSync(list, "utf8")) as Record<string, unknown>;
  for (const [path, entry] of Object.entries(raw)) {
    if (!path.startsWith("/")) continue;
    const byLang = (typeof entry === "string" ? { en: entry } : (entry ?? {})) as Record<
      string,
      unknown
    >;
    const files: Partial<Record<PageLang, string>> = {};
    for (const lang of PAGE_LANGS) {
      const file = byLang[lang];
      if (typeof file === "string" && existsSync(resolve(root, file))) files[lang] = file;
    }
    if (files.en) pages.set(path, files);
  }
  return pages;
}

/**
 * The prerendered pages of the build at their paths (exact paths; GET and HEAD), so search
 * engines and first visits get words, title, description and language without script. The
 * page in the language of the `vueml-lang` cookie (English without it), so a visitor who chose
 * Spanish gets Spanish HTML at once, with no redraw; `Vary: Cookie` tells caches the answer
 * depends on it (every .html is `no-cache` anyway: revalidated, never served stale).
 */
function registerPrerendered(app: FastifyInstance, root: string): void {
  for (const [path, files] of readPrerendered(root)) {
    app.get(path, { schema: { hide: true } }, (request, reply) => {
      const lang = pageLangOf(request.headers.cookie, request.headers["accept-language"]);
      const file = files[lang] ?? files.en;
      reply.header("vary", "cookie, accept-language");
      return reply.sendFile(file as string);
    });
  }
}

function sendNotFound(reply: FastifyReply) {
  const error = errors.notFound();
  return reply.code(error.statusCode).send(error.toBody());
}

/** Registers the client files (unless `dir` is null) and the not-found handler. */
export async function registerStatic(app: FastifyInstance, dir: string | null): Promise<boolean> {
  const root = resolve(dir ?? ".");
  const available = dir !== null && existsSync(resolve(root, "index.html"));
  if (dir === null) {
    app.log.info("client serving disabled: API only");
  } else if (!available) {
    app.log.warn(
      `Client build not found at ${root} (no index.html): serving the API only. Run "npm run build" to serve the app.`,
    );
  } else {
    await app.register(fastifyStatic, {
      root,
      prefix: "/",
      cacheControl: false,
      // The build writes .br and .gz beside each compressible file (vite.config.ts): send the
      // best one Accept-Encoding allows, with Vary: Accept-Encoding, at no CPU cost per request.
      preCompressed: true,
      setHeaders: (reply, path) => {
        // A precompressed copy (index.html.br) is cached as the file it stands for.
        const name = (path.split(/[\\/]/).pop() ?? "").replace(/\.(?:br|gz)$/, "");
        if (NO_CACHE.has(name) || name.endsWith(".html")) reply.header("cache-control", "no-cache");
        else if (/[\\/]assets[\\/]/.test(path)) {
          reply.header("cache-control", "public, max-age=31536000, immutable");
        } else reply.header("cache-control", "public, max-age=3600");
      },
    });
  }

  if (available) registerPrerendered(app, root);

  app.setNotFoundHandler((request, reply) => {
    const spa =
      available &&
      (request.method === "GET" || request.method === "HEAD") &&
      !isApiPath(request.url) &&
      wantsHtml(request);
    if (!spa) return sendNotFound(reply);
    reply.header("cache-control", "no-cache");
    return reply.sendFile("index.html");
  });
  return available;
}
