import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "yardline-dist-"));
  mkdirSync(join(dist, "assets"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Yardline</title><div id=root>");
  writeFileSync(join(dist, "sw.js"), "self.addEventListener('install', () => {});");
  writeFileSync(join(dist, "assets", "index-abc123.js"), "console.log('app');");
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
