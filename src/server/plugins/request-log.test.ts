import { Writable } from "node:stream";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { App } from "../app";
import { createTestApp, type TestApp } from "../test/harness";

/** One JSON log line per entry, as pino writes them. */
interface Line {
  level: number;
  msg: string;
  method?: string;
  url?: string;
  status?: number;
  ms?: number;
}

const WARN = 40;
const ERROR = 50;
const DEBUG = 20;

const SLOW_MS = 2000;
let harness: TestApp;
let app: App;
let auth: Record<string, string>;
const lines: Line[] = [];

beforeAll(async () => {
  const stream = new Writable({
    write(chunk, _encoding, done) {
      for (const text of String(chunk).split("\n").filter(Boolean)) lines.push(JSON.parse(text));
      done();
    },
  });
  harness = await createTestApp({
    config: { logSlowMs: SLOW_MS, logLevel: "debug" },
    logger: { level: "debug", stream },
    extendApi: async (api) => {
      api.get("/test-boom", async () => {
        throw new Error("boom");
      });
      api.get("/test-slow", async () => {
        await new Promise((resolve) => setTimeout(resolve, SLOW_MS + 100));
        return { ok: true };
      });
    },
  });
  app = harness.app;
  auth = harness.headers((await harness.login("admin")).token);
});
afterAll(async () => {
  await harness?.close();
});

/** The request-log lines written for `url` by the request `send` makes. */
async function logged(url: string, send: () => Promise<unknown>): Promise<Line[]> {
  const from = lines.length;
  await send();
  return lines.slice(from).filter((line) => line.url === url);
}

describe("request log", () => {
  it("writes one debug line per request with method, url, status and time, not Fastify's two", async () => {
    const [line, ...more] = await logged("/healthz?probe=1", () =>
      app.inject({ url: "/healthz?probe=1" }),
    );
    expect(more).toEqual([]);
    expect(line).toMatchObject({ msg: "request", method: "GET", status: 200 });
    expect([DEBUG, WARN]).toContain(line?.level); // warn only if this machine took 2 s
    expect(line?.ms).toBeGreaterThanOrEqual(0);
    expect(lines.filter((each) => /incoming request|request completed/.test(each.msg))).toEqual([]);
  });

  it("logs a request slower than LOG_SLOW_MS at warn", async () => {
    const [line] = await logged("/api/test-slow", () =>
      app.inject({ url: "/api/test-slow", headers: auth }),
    );
    expect(line).toMatchObject({ level: WARN, msg: "slow request", status: 200 });
    expect(line?.ms).toBeGreaterThanOrEqual(SLOW_MS);
  });

  it("logs a 5xx answer at error", async () => {
    const [line] = await logged("/api/test-boom", () =>
      app.inject({ url: "/api/test-boom", headers: auth }),
    );
    expect(line).toMatchObject({ level: ERROR, status: 500 });
  });

  it("at info, a quick answer writes nothing", async () => {
    app.log.level = "info";
    try {
      expect(await logged("/healthz", () => app.inject({ url: "/healthz" }))).toEqual([]);
    } finally {
      app.log.level = "debug";
    }
  });
});
