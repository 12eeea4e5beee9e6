import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { contentSecurityPolicy, originOf } from "./security-headers";

const HTML = { accept: "text/html,application/xhtml+xml,*/*;q=0.8" };
let dist: string;
let t: TestApp;

beforeAll(async () => {
  dist = mkdtempSync(join(tmpdir(), "yardline-dist-"));
  writeFileSync(join(dist, "index.html"), "<!doctype html><title>Yardline</title><div id=root>");
  t = await createTestApp({ serveClient: true, config: { staticDir: dist } });
});
afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

/** The CSP as directive -> sources. */
function policyOf(header: string | string[] | number | undefined): Map<string, string[]> {
  const policy = new Map<string, string[]>();
  for (const part of String(header ?? "").split(";")) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) policy.set(name, sources);
  }
  return policy;
}

function expectSecurityHeaders(headers: Record<string, unknown>, what: string) {
  const csp = policyOf(headers["content-security-policy"] as string);
  expect(csp.get("default-src"), what).toEqual(["'self'"]);
  expect(csp.get("script-src"), what).toEqual(["'self'"]);
  expect(csp.get("frame-ancestors"), what).toEqual(["'none'"]);
  expect(csp.get("object-src"), what).toEqual(["'none'"]);
  expect(headers["x-content-type-options"], what).toBe("nosniff");
  expect(headers["x-frame-options"], what).toBe("DENY");
  expect(headers["referrer-policy"], what).toBe("strict-origin-when-cross-origin");
  expect(String(headers["permissions-policy"]), what).toContain("camera=()");
  expect(headers["strict-transport-security"], what).toBeUndefined();
}

describe("security headers", () => {
  it("a strict CSP with no inline script or eval anywhere in it", () => {
    const { directives } = contentSecurityPolicy();
    const scripts = [
      ...directives["script-src"],
      ...directives["script-src-attr"],
      ...directives["default-src"],
    ];
    for (const weak of ["'unsafe-inline'", "'unsafe-eval'", "*", "data:"]) {
      expect(scripts).not.toContain(weak);
    }
    const all = Object.values(directives).flat();
    expect(all).not.toContain("*");
    expect(all.some((source) => source.startsWith("'nonce-") || source.startsWith("'sha"))).toBe(
      false,
    );
  });

  it("on the app's HTML, an SPA route and /config.json", async () => {
    for (const url of ["/", "/trucks"]) {
      const response = await t.app.inject({ url, headers: HTML });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response.headers, url);
    }
    const config = await t.app.inject({ url: "/config.json" });
    expectSecurityHeaders(config.headers, "/config.json");
  });

  it("on API answers, errors included", async () => {
    const { token } = await t.login("admin");
    const ok = await t.app.inject({ url: "/api/user/auth", headers: t.headers(token) });
    expect(ok.statusCode).toBe(200);
    expectSecurityHeaders(ok.headers, "api 200");
    const unauthorised = await t.app.inject({ url: "/api/user/auth" });
    expect(unauthorised.statusCode).toBe(401);
    expectSecurityHeaders(unauthorised.headers, "api 401");
    const missing = await t.app.inject({ url: "/api/nothing-here" });
    expectSecurityHeaders(missing.headers, "api 404");
  });

  it("on the API docs page and its files", async () => {
    for (const url of ["/api/docs/", "/api/docs/static/swagger-initializer.js", "/api/docs/json"]) {
      const response = await t.app.inject({ url });
      expect(response.statusCode, url).toBe(200);
      expectSecurityHeaders(response.headers, url);
    }
  });

  it("HSTS only when configured for TLS", async () => {
    const tls = await createTestApp({ config: { hstsEnabled: true } });
    try {
      const response = await tls.app.inject({ url: "/healthz" });
      expect(response.headers["strict-transport-security"]).toMatch(/^max-age=\d{7,}/);
    } finally {
      await tls.close();
    }
  });

  it("connect-src names absolute API and indicators origins only", () => {
    expect(originOf("https://api.example.com/v1/")).toBe("https://api.example.com");
    expect(originOf("/")).toBeNull();
    expect(originOf("")).toBeNull();
    expect(originOf("javascript:alert(1)")).toBeNull();
  });
});
