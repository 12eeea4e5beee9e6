import { createServer } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../../config";
import { type FakeGateway, startFakeGateway } from "../../test/fake-sms-gateway";
import { createHttpSmsProvider } from "./http-provider";
import type { HttpSmsConfig } from "./provider";
import { DEFAULT_TEMPLATES, renderTemplate, templateProblem } from "./template";

const values = { to: "+34612345678", to_digits: "34612345678", body: "", from: "YARD" };

describe("renderTemplate", () => {
  it("escapes values as JSON string contents in json mode", () => {
    const body = 'He said "go" \\ now\n{{to}} & </script>';
    const rendered = renderTemplate(DEFAULT_TEMPLATES.json, { ...values, body }, "json");
    expect(JSON.parse(rendered)).toEqual({ to: "+34612345678", from: "YARD", body });
  });

  it("URL-encodes values in form mode, and knows {{to_digits}}", () => {
    const rendered = renderTemplate(
      "msisdn={{to_digits}}&to={{ to }}&text={{body}}",
      { ...values, body: "a&b=c d+é" },
      "form",
    );
    expect(rendered).toBe("msisdn=34612345678&to=%2B34612345678&text=a%26b%3Dc%20d%2B%C3%A9");
    expect(new URLSearchParams(rendered).get("text")).toBe("a&b=c d+é");
  });

  it("leaves unknown placeholders alone and rejects a json template that is not JSON", () => {
    expect(renderTemplate("{{other}}", values, "form")).toBe("{{other}}");
    expect(templateProblem('{"to": {{to}}}', "json")).toMatch(/JSON/);
    expect(templateProblem(DEFAULT_TEMPLATES.json, "json")).toBeNull();
    expect(templateProblem("anything", "form")).toBeNull();
  });
});

describe("SMS configuration", () => {
  it("defaults to the log provider", () => {
    expect(loadConfig({}).sms).toEqual({ provider: "log", from: "Yardline" });
  });

  it("reads the http provider's settings", () => {
    const { sms } = loadConfig({
      SMS_PROVIDER: "http",
      SMS_HTTP_URL: "https://sms.example/send",
      SMS_HTTP_METHOD: "put",
      SMS_HTTP_CONTENT_TYPE: "form",
      SMS_HTTP_TOKEN: "tok",
      SMS_FROM: "ACME",
    });
    expect(sms).toEqual({
      provider: "http",
      from: "ACME",
      http: {
        url: "https://sms.example/send",
        method: "PUT",
        contentType: "form",
        bodyTemplate: DEFAULT_TEMPLATES.form,
        auth: { kind: "bearer", token: "tok" },
        timeoutMs: 10_000,
      },
    });
  });

  it("refuses settings that cannot work, naming the variable", () => {
    const http = { SMS_PROVIDER: "http", SMS_HTTP_URL: "https://sms.example/send" };
    expect(() => loadConfig({ SMS_PROVIDER: "http" })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ ...http, SMS_HTTP_URL: "ftp://x" })).toThrow(/SMS_HTTP_URL/);
    expect(() => loadConfig({ ...http, SMS_PROVIDER: "carrier-pigeon" })).toThrow(ConfigError);
    expect(() => loadConfig({ ...http, SMS_HTTP_METHOD: "DELETE" })).toThrow(/SMS_HTTP_METHOD/);
    expect(() => loadConfig({ ...http, SMS_HTTP_TOKEN: "t", SMS_HTTP_USERNAME: "u" })).toThrow(
      /not both/,
    );
    expect(() => loadConfig({ ...http, SMS_HTTP_USERNAME: "u" })).toThrow(/SMS_HTTP_PASSWORD/);
    expect(() => loadConfig({ ...http, SMS_HTTP_METHOD: "GET" })).toThrow(/form/);
    expect(() => loadConfig({ ...http, SMS_HTTP_BODY_TEMPLATE: "to={{to}}" })).toThrow(/JSON/);
  });
});

describe("http provider", () => {
  let gateway: FakeGateway;
  const config = (overrides: Partial<HttpSmsConfig> = {}): HttpSmsConfig => ({
    url: `${gateway.url}/send`,
    method: "POST",
    contentType: "form",
    bodyTemplate: "to={{to}}&text={{body}}&from={{from}}",
    auth: { kind: "bearer", token: "tkn-123" },
    timeoutMs: 2000,
    ...overrides,
  });
  const message = { to: "+34612345678", body: "Dock 4 & gate B" };

  beforeAll(async () => {
    gateway = await startFakeGateway();
  });
  afterAll(async () => {
    await gateway?.close();
  });

  it("posts the form with a Bearer token and reads the gateway's id", async () => {
    gateway.requests.length = 0;
    gateway.answer = { status: 200, body: '{"message_id": 42}', contentType: "application/json" };
    const result = await createHttpSmsProvider(config(), "YARD").send(message);
    expect(result).toEqual({ ok: true, id: "42" });
    const [received] = gateway.requests;
    expect(received?.headers.authorization).toBe("Bearer tkn-123");
    expect(received?.headers["content-type"]).toContain("application/x-www-form-urlencoded");
    expect(Object.fromEntries(new URLSearchParams(received?.body))).toEqual({
      to: "+34612345678",
      text: "Dock 4 & gate B",
      from: "YARD",
    });
  });

  it("sends the template as the query string with GET, without auth when none is set", async () => {
    gateway.requests.length = 0;
    gateway.answer = { status: 200, body: "OK" };
    const provider = createHttpSmsProvider(
      config({ method: "GET", url: `${gateway.url}/send?key=k`, auth: { kind: "none" } }),
      "YARD",
    );
    expect(await provider.send(message)).toEqual({ ok: true });
    const [received] = gateway.requests;
    expect(received?.method).toBe("GET");
    expect(received?.headers.authorization).toBeUndefined();
    const query = new URL(received?.url ?? "", "http://x").searchParams;
    expect(query.get("key")).toBe("k");
    expect(query.get("text")).toBe("Dock 4 & gate B");
  });

  it("reports a non-2xx answer with its status and the start of its body", async () => {
    gateway.answer = { status: 403, body: `  denied ${"x".repeat(600)}` };
    const result = await createHttpSmsProvider(config(), "YARD").send(message);
    expect(result).toEqual({ ok: false, status: 403, error: `denied ${"x".repeat(493)}` });
    gateway.answer = { status: 503, body: "" };
    expect(await createHttpSmsProvider(config(), "YARD").send(message)).toEqual({
      ok: false,
      status: 503,
      error: "Service Unavailable",
    });
  });

  it("reports a timeout and an unreachable gateway without throwing", async () => {
    gateway.answer = { status: 200, body: "late", delayMs: 500 };
    const slow = createHttpSmsProvider(config({ timeoutMs: 100 }), "YARD");
    expect(await slow.send(message)).toEqual({ ok: false, error: "no answer within 0.1 s" });

    const closedPort = await new Promise<number>((resolve) => {
      const probe = createServer().listen(0, "127.0.0.1", () => {
        const address = probe.address();
        const port = typeof address === "object" && address ? address.port : 1;
        probe.close(() => resolve(port));
      });
    });
    const down = createHttpSmsProvider(config({ url: `http://127.0.0.1:${closedPort}/` }), "Y");
    const result = await down.send(message);
    expect(result).toEqual({ ok: false, error: "could not reach the gateway (ECONNREFUSED)" });
  });
});
