import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPublicPages, writePrerendered } from "../../../scripts/vite-prerender";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * The public pages as search engines get them (issue 17): the build's prerender step
 * (scripts/vite-prerender.ts, run here on the real page code) writes each page into a copy of
 * index.html, in English and in Spanish, and the server sends it for the page's path, in the
 * language of the vueml-lang cookie the EN|ES switch sets (English without it); title,
 * description and language are in the raw HTML, with the words. Other paths still get the
 * app's shell.
 */
const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const ROOT = resolve(import.meta.dirname, "../../..");
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "yardline-prerendered-"));
  copyFileSync(join(ROOT, "index.html"), join(dist, "index.html"));
  writePrerendered(dist, await renderPublicPages(ROOT), {});
  t = await createTestApp({ serveClient: true, config: { staticDir: dist } });
});
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

/** As the prerender writes text into HTML (accents stay as they are). */
const escapeHtml = (text: string) =>
  text.replace(/&/g, "&amp;").replace(/</g, "&lt;").replace(/>/g, "&gt;").replace(/"/g, "&quot;");

function head(html: string) {
  return {
    lang: /<html lang="([^"]*)"/.exec(html)?.[1],
    title: /<title>([^<]*)<\/title>/.exec(html)?.[1],
    description: /<meta name="description" content="([^"]*)"/.exec(html)?.[1],
    root: /<div id="root">([\s\S]*)<\/div>\s*<noscript>/.exec(html)?.[1] ?? "",
  };
}

describe("prerendered public pages", () => {
  const pages = [
    {
      path: "/",
      title: "Yardline · Yard and dock management for logistics",
      description:
        "Plan expeditions and receptions on dock hours, notify carriers by SMS, follow every truck in real time, even offline.",
      words: "Every truck, dock and load in one place",
      es: {
        title: "Yardline · Gestión de patio y muelles para la logística",
        description:
          "Planifique expediciones y recepciones en horas de muelle, avise al transportista por SMS y siga cada camión en tiempo real, incluso sin conexión.",
        words: "Cada camión, muelle y carga en un solo lugar",
      },
    },
    {
      path: "/contact",
      title: "Contact · Yardline",
      description: "Ask for a demonstration of Yardline with your own yard, docks and trucks.",
      words: "We answer within one working day.",
      es: {
        title: "Contacto · Yardline",
        description:
          "Solicite una demostración de Yardline con su propio patio, muelles y camiones.",
        words: "Respondemos en un día laborable.",
      },
    },
    {
      path: "/terms-conditions",
      title: "Terms and conditions · Yardline",
      description: "Conditions of use of the Yardline yard and dock management service.",
      words: "1. The service",
      es: {
        title: "Términos y condiciones · Yardline",
        description: "Condiciones de uso del servicio de gestión de patio y muelles Yardline.",
        words: "1. El servicio",
      },
    },
    {
      path: "/privacy-policy",
      title: "Privacy policy · Yardline",
      description: "What personal data Yardline processes, why, for how long, and your rights.",
      words: "Who is responsible",
      es: {
        title: "Política de privacidad · Yardline",
        description:
          "Qué datos personales trata Yardline, para qué, durante cuánto tiempo y sus derechos.",
        words: "Quién es el responsable",
      },
    },
  ];

  for (const page of pages) {
    it(`sends ${page.path} with its title, description, language and words`, async () => {
      const response = await t.app.inject({ url: page.path, headers: HTML });
      expect(response.statusCode).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
      const found = head(response.body);
      expect(found.lang).toBe("en");
      expect(found.title).toBe(page.title);
      expect(found.description).toBe(page.description);
      expect(found.root).toContain(page.words);
      expect(found.root).toContain('href="/login"'); // the client-area button, a plain link
      expect(found.root).not.toContain(page.es.words);
      expect(response.headers.vary).toMatch(/\bcookie\b/i);
    });

    it(`sends ${page.path} in Spanish to a visitor whose vueml-lang cookie says so`, async () => {
      for (const cookie of ["vueml-lang=es", "theme=dark; vueml-lang=es_bw"]) {
        const response = await t.app.inject({ url: page.path, headers: { ...HTML, cookie } });
        expect(response.statusCode, cookie).toBe(200);
        expect(response.headers["cache-control"]).toBe("no-cache");
        expect(response.headers.vary).toMatch(/\bcookie\b/i);
        const found = head(response.body);
        expect(found.lang, cookie).toBe("es");
        expect(found.title, cookie).toBe(page.es.title);
        expect(found.description, cookie).toBe(escapeHtml(page.es.description));
        expect(found.root, cookie).toContain(escapeHtml(page.es.words));
        expect(found.root, cookie).not.toContain(page.words);
      }
    });

    it(`sends ${page.path} by Accept-Language to a visitor who chose nothing`, async () => {
      const cases: [string, string][] = [
        ["es-ES,es;q=0.9", "es"],
        ["es-MX", "es"],
        ["pt-BR,pt;q=0.9,es;q=0.8,en;q=0.7", "es"],
        ["pt-BR,pt;q=0.9,en;q=0.8", "en"],
        ["en;q=0.5,es;q=0.9", "es"],
        ["de-DE", "en"],
      ];
      for (const [accept, lang] of cases) {
        const response = await t.app.inject({
          url: page.path,
          headers: { ...HTML, "accept-language": accept },
        });
        expect(head(response.body).lang, accept).toBe(lang);
        expect(response.headers.vary).toMatch(/\baccept-language\b/i);
      }
      // A choice wins over the browser's languages.
      const chosen = await t.app.inject({
        url: page.path,
        headers: { ...HTML, "accept-language": "es-ES", cookie: "vueml-lang=en" },
      });
      expect(head(chosen.body).lang).toBe("en");
    });

    it(`sends ${page.path} in English for an English or unknown cookie`, async () => {
      for (const cookie of ["vueml-lang=en", "vueml-lang=en_bw", "vueml-lang=fr", "lang=es"]) {
        const response = await t.app.inject({ url: page.path, headers: { ...HTML, cookie } });
        const found = head(response.body);
        expect(found.lang, cookie).toBe("en");
        expect(found.title, cookie).toBe(page.title);
      }
    });
  }

  it("answers HEAD for a prerendered page", async () => {
    const response = await t.app.inject({ method: "HEAD", url: "/contact", headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
  });

  it("still sends the app's empty shell for the app's paths", async () => {
    for (const url of ["/trucks", "/login", "/check-in/abcdefghijklmnop1234"]) {
      const response = await t.app.inject({ url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      const found = head(response.body);
      expect(found.title, url).toBe("Yardline");
      expect(found.root, url).toBe("");
    }
  });
});
