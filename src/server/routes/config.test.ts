import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { RuntimeConfig } from "../../shared/contract/config";
import { ConfigError, loadConfig } from "../config";
import { createTestApp, type TestApp } from "../test/harness";

describe("GET /config.json", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      config: {
        runtime: loadConfig({
          SMS_ENABLED: "false",
          REFRESH_INTERVAL: "30",
          API_BASE: "https://api.example.com/v1",
          INDICATORS_BASE: "https://bi.example.com/",
          DEFAULT_LOCALE: "pt",
          PORT: "9000",
        }).runtime,
      },
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("serves the runtime configuration from the environment, without auth", async () => {
    const response = await t.app.inject({ url: "/config.json" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("application/json");
    expect(response.headers["cache-control"]).toBe("no-cache");
    const body = RuntimeConfig.parse(response.json());
    expect(body).toEqual({
      port: 9000,
      refreshInterval: 30,
      smsEnabled: false,
      packingListEnabled: false,
      ssoVisible: false,
      apiBase: "https://api.example.com/v1/",
      indicatorsBase: "https://bi.example.com/",
      defaultLocale: "pt",
    });
  });

  it("answers /healthz", async () => {
    const response = await t.app.inject({ url: "/healthz" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: "ok" });
  });
});

describe("loadConfig", () => {
  it("has the spec's defaults (section 9)", () => {
    const config = loadConfig({});
    expect(config.runtime).toEqual({
      port: 8080,
      refreshInterval: 10,
      smsEnabled: true,
      packingListEnabled: false,
      ssoVisible: false,
      apiBase: "/",
      indicatorsBase: "",
      defaultLocale: "es",
    });
    expect(config.port).toBe(8080);
    expect(config.host).toBe("0.0.0.0");
    expect(config.dataDir).toBe("./data");
    expect(config.databaseUrl).toBeUndefined();
    expect(config.jwtSecret).toBeUndefined();
    expect(config.accessTokenTtlSeconds).toBe(24 * 3600);
    expect(config.refreshTokenTtlSeconds).toBe(30 * 24 * 3600);
    expect(config.rateLimit).toEqual({
      maxFailuresPerUser: 10,
      maxFailuresPerIp: 50,
      windowSeconds: 900,
    });
  });

  it("reads flags in the usual spellings", () => {
    const config = loadConfig({
      PACKING_LIST_ENABLED: "yes",
      SSO_VISIBLE: "on",
      DATABASE_URL: " postgres://db/yardline ",
      LOGIN_MAX_FAILURES_PER_USER: "3",
    });
    expect(config.runtime.packingListEnabled).toBe(true);
    expect(config.runtime.ssoVisible).toBe(true);
    expect(config.databaseUrl).toBe("postgres://db/yardline");
    expect(config.rateLimit.maxFailuresPerUser).toBe(3);
  });

  it("refuses nonsense with a message naming the variable", () => {
    expect(() => loadConfig({ PORT: "eighty" })).toThrow(ConfigError);
    expect(() => loadConfig({ SMS_ENABLED: "maybe" })).toThrow(/SMS_ENABLED/);
    expect(() => loadConfig({ JWT_SECRET: "short" })).toThrow(/JWT_SECRET/);
    // DEFAULT_LOCALE is a language a device keeps (mx lasts only until the next start).
    expect(() => loadConfig({ DEFAULT_LOCALE: "mx" })).toThrow(/DEFAULT_LOCALE/);
    expect(() => loadConfig({ SSO_ISSUER: "https://id.example.test" })).toThrow(/SSO_CLIENT_ID/);
    expect(() => loadConfig({ SSO_ISSUER: "id.example.test", SSO_CLIENT_ID: "y" })).toThrow(
      /SSO_ISSUER/,
    );
  });

  it("reads single sign-on from SSO_* (none without an issuer)", () => {
    expect(loadConfig({}).sso).toBeUndefined();
    expect(
      loadConfig({
        SSO_ISSUER: " https://id.example.test/realms/yard ",
        SSO_CLIENT_ID: "yardline",
        SSO_CLIENT_SECRET: "s3cret",
      }).sso,
    ).toEqual({
      issuer: "https://id.example.test/realms/yard",
      clientId: "yardline",
      clientSecret: "s3cret",
      userClaim: "preferred_username",
      redirectUri: undefined,
    });
  });
});
