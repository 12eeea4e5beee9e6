import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join, resolve } from "node:path";
import { lingui } from "@lingui/vite-plugin";
import babel from "@rolldown/plugin-babel";
import react from "@vitejs/plugin-react";
import { createServer, type Plugin } from "vite";

/**
 * Prerendering of the public pages (issue 17: title, description, language and words in the
 * served HTML for search engines and a first paint without script). After the client build,
 * each page of features/public/prerender.tsx is rendered to HTML in English and in Spanish with
 * react-dom/server and written into a copy of the built index.html (its scripts and styles,
 * plus the public boot's stylesheet and preloads, the catalog of the page's language):
 * dist/pages/<page>.html and dist/pages/es/<page>.html, listed by path and language in
 * dist/prerendered.json, which the server sends for those paths by the visitor's vueml-lang
 * cookie (src/server/plugins/static.ts).
 * index.html stays the empty shell of the app and of the service worker. Chosen over the server
 * filling in title and description per request: the whole page arrives as static HTML (words
 * included, not only the head), nothing is computed per request, and the server knows no page.
 */
export const PRERENDER_MANIFEST = "prerendered.json";
const ENTRY = "src/client/features/public/prerender.tsx";
const BOOT = "src/client/features/public/site/public-boot.tsx";
/** The public catalog of each prerendered language (preloaded by its pages). */
const CATALOGS: Record<string, string> = {
  en: "src/client/features/public/locales/en/messages.po",
  es: "src/client/features/public/locales/es/messages.po",
};

export interface PrerenderedPage {
  path: string;
  html: string;
  title: string;
  description: string;
  lang: string;
  /** en or es: the page's language as the public site and the vueml-lang cookie name it. */
  publicLang: string;
}

/**
 * Loads client modules in Node with the client's transforms (JSX, Lingui macro, catalogs), in
 * one module graph (they share module state, e.g. a Lingui instance).
 */
export async function loadClientModules(root: string, files: string[]): Promise<unknown[]> {
  // A dev server in middleware mode, no port: its SSR loader runs the plugins' transforms
  // (CSS modules give the same class names as the build: they hash the stylesheet's text).
  const server = await createServer({
    root,
    configFile: false,
    logLevel: "warn",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    optimizeDeps: { noDiscovery: true, include: [] },
    plugins: [react(), babel({ plugins: ["@lingui/babel-plugin-lingui-macro"] }), lingui()],
  });
  try {
    const modules: unknown[] = [];
    for (const file of files) modules.push(await server.ssrLoadModule(resolve(root, file)));
    return modules;
  } finally {
    await server.close();
  }
}

/** Every public page rendered in English and in Spanish (features/public/prerender.tsx). */
export async function renderPublicPages(root: string): Promise<PrerenderedPage[]> {
  const [entry] = (await loadClientModules(root, [ENTRY])) as [
    { prerenderPublicPages: () => PrerenderedPage[] },
  ];
  return entry.prerenderPublicPages();
}

const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

/** The shell with the page's language, title, description, extra head tags and markup. */
export function pageDocument(shell: string, page: PrerenderedPage, headTags: string[]): string {
  // React leads the markup with resource hints (<link rel="preload" as="image">): to the head.
  const hints = page.html.match(/^(?:<link [^>]*>)+/)?.[0] ?? "";
  const markup = page.html.slice(hints.length);
  const tags = [
    // What the shell loads already (its entry script, stylesheet and preloads) stays once.
    ...headTags.filter((tag) => !shell.includes(`"${tag.match(/href="([^"]*)"/)?.[1] ?? tag}"`)),
  ];
  if (hints) tags.push(hints);
  const replaced = shell
    // Replacer functions: a `$` in the words must not read as a replacement pattern.
    .replace(/<html lang="[^"]*"/, () => `<html lang="${escapeHtml(page.lang)}"`)
    .replace(/<title>[^<]*<\/title>/, () => `<title>${escapeHtml(page.title)}</title>`)
    .replace(
      /<meta name="description" content="[^"]*"\s*\/?>/,
      () => `<meta name="description" content="${escapeHtml(page.description)}" />`,
    )
    .replace("</head>", () => `${tags.map((tag) => `    ${tag}\n`).join("")}  </head>`)
    .replace('<div id="root"></div>', () => `<div id="root">${markup}</div>`);
  for (const part of [page.title, markup]) {
    if (!replaced.includes(part.startsWith("<") ? part : escapeHtml(part))) {
      throw new Error(`index.html has no place for ${page.path}'s ${part.slice(0, 40)}`);
    }
  }
  return replaced;
}

interface ManifestChunk {
  file: string;
  css?: string[];
  imports?: string[];
}

/**
 * The public boot's stylesheets (so the prerendered markup is styled before any script runs)
 * and module preloads of the boot and of the catalog of each language, from the build's
 * manifest: language -> head tags.
 */
function bootHeadTags(outDir: string): Record<string, string[]> {
  const path = join(outDir, ".vite", "manifest.json");
  if (!existsSync(path)) return {};
  const manifest = JSON.parse(readFileSync(path, "utf8")) as Record<string, ManifestChunk>;
  const css = new Set<string>();
  const js = new Set<string>();
  const visit = (key: string) => {
    const chunk = manifest[key];
    if (!chunk || js.has(chunk.file)) return;
    js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  visit(BOOT);
  if (js.size === 0) throw new Error(`${BOOT} is missing from the build's manifest`);
  const tags: Record<string, string[]> = {};
  for (const [lang, source] of Object.entries(CATALOGS)) {
    const catalog = manifest[source]?.file;
    if (!catalog) throw new Error(`${source} is missing from the build's manifest`);
    tags[lang] = [
      ...[...css].map((file) => `<link rel="stylesheet" crossorigin href="/${file}">`),
      ...[...js, catalog].map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`),
    ];
  }
  return tags;
}

/** Class names of the markup that no stylesheet of the build defines (a render gone wrong). */
function unstyledClasses(outDir: string, html: string): string[] {
  const assets = join(outDir, "assets");
  const css = readdirSync(assets)
    .filter((name) => name.endsWith(".css"))
    .map((name) => readFileSync(join(assets, name), "utf8"))
    .join("\n");
  const classes = new Set(
    [...html.matchAll(/class="([^"]*)"/g)].flatMap((match) => (match[1] ?? "").split(/\s+/)),
  );
  return [...classes].filter((name) => name !== "" && !css.includes(`.${name}`));
}

/**
 * Writes dist/pages/<page>.html (English) and dist/pages/<lang>/<page>.html (the others) for
 * each page and dist/prerendered.json (path -> language -> file). `headTags` by language.
 */
export function writePrerendered(
  outDir: string,
  pages: PrerenderedPage[],
  headTags: Record<string, string[]>,
): Record<string, Record<string, string>> {
  const shell = readFileSync(join(outDir, "index.html"), "utf8");
  const files: Record<string, Record<string, string>> = {};
  for (const page of pages) {
    const name = page.path === "/" ? "landing" : page.path.slice(1).replace(/\//g, "-");
    const dir = page.publicLang === "en" ? "pages" : `pages/${page.publicLang}`;
    mkdirSync(join(outDir, dir), { recursive: true });
    const file = `${dir}/${name}.html`;
    writeFileSync(join(outDir, file), pageDocument(shell, page, headTags[page.publicLang] ?? []));
    files[page.path] = { ...files[page.path], [page.publicLang]: file };
  }
  writeFileSync(join(outDir, PRERENDER_MANIFEST), `${JSON.stringify(files, null, 2)}\n`);
  return files;
}

/** The Vite plugin: after the client build, before precompress() (list it before that one). */
export function prerender(): Plugin {
  let root = process.cwd();
  let outDir = "dist";
  return {
    name: "yardline:prerender",
    apply: "build",
    configResolved(config) {
      root = config.root;
      outDir = resolve(config.root, config.build.outDir);
    },
    closeBundle: {
      order: "post",
      sequential: true,
      async handler() {
        const pages = await renderPublicPages(root);
        for (const page of pages) {
          const missing = unstyledClasses(outDir, page.html);
          if (missing.length > 0) {
            throw new Error(
              `prerendered ${page.path} uses classes no stylesheet defines: ${missing}`,
            );
          }
        }
        const files = writePrerendered(outDir, pages, bootHeadTags(outDir));
        this.info?.(
          `prerendered ${Object.keys(files).join(", ")} in ${[...new Set(pages.map((page) => page.publicLang))].join(", ")}`,
        );
      },
    },
  };
}
