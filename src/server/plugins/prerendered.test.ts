import { copyFileSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { renderPublicPages, writePrerendered } from "../../../scripts/vite-prerender";
import { createTestApp, type TestApp } from "../test/harness";

/**
 * The public pages as search engines get them (issue 17): the build's prerender step
 * (scripts/vite-prerender.ts, run here on the real page code) writes each page into a copy of
 * index.html, and the server sends it for the page's path; title, description and language are
 * in the raw HTML, with the words. Other paths still get the app's shell.
 */
const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const ROOT = resolve(import.meta.dirname, "../../..");
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "yardline-prerendered-"));
  copyFileSync(join(ROOT, "index.html"), join(dist, "index.html"));
  writePrerendered(dist, await renderPublicPages(ROOT), []);
  t = await createTestApp({ serveClient: true, config: { staticDir: dist } });
});
afterAll(async () => {
  await t?.close();
  if (dist) rmSync(dist, { recursive: true, force: true });
});

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
    },
    {
      path: "/contact",
      title: "Contact · Yardline",
      description: "Ask for a demonstration of Yardline with your own yard, docks and trucks.",
      words: "We answer within one working day.",
    },
    {
      path: "/terms-conditions",
      title: "Terms and conditions · Yardline",
      description: "Conditions of use of the Yardline yard and dock management service.",
      words: "1. The service",
    },
    {
      path: "/privacy-policy",
      title: "Privacy policy · Yardline",
      description: "What personal data Yardline processes, why, for how long, and your rights.",
      words: "Who is responsible",
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
