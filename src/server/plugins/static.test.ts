import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
const INDEX = `<!doctype html><title>Yardline</title><div id=root>${" ".repeat(2000)}`;
const BIG_JS = `export const rows = [${Array.from({ length: 400 }, (_, i) => `"row ${i}"`)}];`;
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "yardline-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('install', () => {});");
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app');");
  // What the build's precompress plugin writes beside each text file (scripts/vite-precompress.ts).
  for (const [name, content] of [
    ["assets/big-abc123.js", BIG_JS],
    ["index.html", INDEX],
  ] as const) {
    writeFileSync(join(dist, name), content);
    writeFileSync(join(dist, `${name}.br`), brotliCompressSync(content));
    writeFileSync(join(dist, `${name}.gz`), gzipSync(content));
  }
  t = await createTestApp({ serveClient: true, config: { staticDir: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

describe("serving the built client", () => {
  it("serves index.html at / without caching", async () => {
    const response = await t.app.inject({ url: "/", headers: HTML });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain("<title>Yardline</title>");
    expect(response.headers["cache-control"]).toBe("no-cache");
  });

  it("falls back to index.html for client routes that accept HTML", async () => {
    for (const url of ["/trucks", "/truck/12", "/login?redirect=%2Ftrucks"]) {
      const response = await t.app.inject({ url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-type"]).toContain("text/html");
      expect(response.headers["cache-control"]).toBe("no-cache");
    }
  });

  it("never caches sw.js and caches hashed assets for good", async () => {
    const worker = await t.app.inject({ url: "/sw.js" });
    expect(worker.statusCode).toBe(200);
    expect(worker.headers["cache-control"]).toBe("no-cache");
    const asset = await t.app.inject({ url: "/assets/index-abc123.js" });
    expect(asset.statusCode).toBe(200);
    expect(asset.headers["cache-control"]).toContain("immutable");
  });

  it("keeps JSON 404s for API paths and for missing files", async () => {
    for (const [url, headers] of [
      ["/api/unknown", HTML],
      ["/assets/missing.js", {}],
      ["/nothing-here", { accept: "application/json" }],
    ] as const) {
      const response = await t.app.inject({ url, headers });
      expect(response.statusCode, url).toBe(404);
      expect(response.json().code).toBe("not_found");
    }
  });

  it("sends the build's brotli or gzip copy as Accept-Encoding allows, with Vary", async () => {
    const url = "/assets/big-abc123.js";
    const br = await t.app.inject({ url, headers: { "accept-encoding": "gzip, deflate, br" } });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers["content-type"]).toContain("javascript");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["cache-control"]).toContain("immutable");
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(BIG_JS);

    const gz = await t.app.inject({ url, headers: { "accept-encoding": "gzip" } });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(gz.headers.vary).toMatch(/accept-encoding/i);
    expect(gunzipSync(gz.rawPayload).toString()).toBe(BIG_JS);

    const plain = await t.app.inject({ url });
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(BIG_JS);
  });

  it("sends index.html compressed too, at / and as the client-route fallback", async () => {
    for (const url of ["/", "/trucks"]) {
      const response = await t.app.inject({
        url,
        headers: { ...HTML, "accept-encoding": "br" },
      });
      expect(response.statusCode, url).toBe(200);
      expect(response.headers["content-encoding"], url).toBe("br");
      expect(response.headers["cache-control"], url).toBe("no-cache");
      expect(brotliDecompressSync(response.rawPayload).toString(), url).toBe(INDEX);
    }
  });

  it("does not serve files outside the build directory", async () => {
    const response = await t.app.inject({ url: "/../package.json" });
    expect(response.statusCode).not.toBe(200);
    const encoded = await t.app.inject({ url: "/%2e%2e/package.json" });
    expect(encoded.body).not.toContain('"name": "yardline"');
  });
});

describe("without a client build", () => {
  it("still serves the API and answers client routes with 404", async () => {
    const bare = await createTestApp({
      serveClient: true,
      config: { staticDir: join(dist, "does-not-exist") },
    });
    try {
      expect((await bare.app.inject({ url: "/config.json" })).statusCode).toBe(200);
      const page = await bare.app.inject({ url: "/trucks", headers: HTML });
      expect(page.statusCode).toBe(404);
      expect(page.json().code).toBe("not_found");
    } finally {
      await bare.close();
    }
  });
});
