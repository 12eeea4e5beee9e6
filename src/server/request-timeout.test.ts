import { get } from "node:http";
import type { AddressInfo } from "node:net";
import { connect } from "node:net";
import { setTimeout as sleep } from "node:timers/promises";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { loadConfig } from "./config";
import { PLAIN } from "./db/demo-data";
import { createTestApp, type TestApp, testConfig } from "./test/harness";

/**
 * REQUEST_TIMEOUT_MS (issue 9): a request whose body never completes is cut off instead of
 * holding a socket for minutes; a live-events stream (a long answer) is not. A real listening
 * server and a raw socket, since inject has no sockets.
 */
const TIMEOUT_MS = 600;
let t: TestApp;
let port: number;

beforeAll(async () => {
  const limits = { ...testConfig().limits, requestTimeoutMs: TIMEOUT_MS };
  t = await createTestApp({ config: { limits, eventsHeartbeatMs: 100 } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(async () => {
  await t?.close();
});

/** Sends the start of a request, never the rest; resolves with what came back at close. */
function halfSentRequest(start: string): Promise<{ answer: string; ms: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = connect({ port, host: "127.0.0.1" });
    let answer = "";
    socket.setEncoding("utf8");
    socket.on("data", (chunk: string) => {
      answer += chunk;
    });
    socket.on("error", () => undefined); // a reset counts as closed
    socket.on("close", () => resolve({ answer, ms: Date.now() - started }));
    socket.on("connect", () => socket.write(start));
    setTimeout(() => {
      socket.destroy();
      reject(new Error("the server kept the half-sent request open"));
    }, 20_000).unref();
  });
}

describe("request timeout", () => {
  it("reads REQUEST_TIMEOUT_MS (30 s by default, 0 turns it off)", () => {
    expect(loadConfig({}).limits.requestTimeoutMs).toBe(30_000);
    expect(loadConfig({ REQUEST_TIMEOUT_MS: "0" }).limits.requestTimeoutMs).toBe(0);
    expect(() => loadConfig({ REQUEST_TIMEOUT_MS: "-1" })).toThrow(/REQUEST_TIMEOUT_MS/);
  });

  it("closes a connection whose body never completes, answering 408 if it answers", async () => {
    const body = JSON.stringify({ username: "office", password: "yardline" });
    const head = [
      "POST /get-token HTTP/1.1",
      `Host: 127.0.0.1:${port}`,
      "Content-Type: application/json",
      `Content-Length: ${body.length}`,
    ].join("\r\n");
    const { answer } = await halfSentRequest(`${head}\r\n\r\n${body.slice(0, 10)}`);
    if (answer !== "") expect(answer).toMatch(/^HTTP\/1\.1 408 /);
    // The server still serves others (on a connection of their own, closed after).
    const health = await new Promise<number | undefined>((resolve, reject) => {
      get({ host: "127.0.0.1", port, path: "/healthz", agent: false }, (response) => {
        response.resume();
        resolve(response.statusCode);
      }).on("error", reject);
    });
    expect(health).toBe(200);
  });

  it("closes a connection whose headers never complete", async () => {
    const { answer } = await halfSentRequest(
      `GET /healthz HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\nX-Slow: 1\r\n`,
    );
    if (answer !== "") expect(answer).toMatch(/^HTTP\/1\.1 408 /);
  });

  it("does not cut a live-events stream that outlives the timeout", async () => {
    const { token } = await t.login("office");
    const controller = new AbortController();
    const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
      headers: t.headers(token, await t.companyId(PLAIN)),
      signal: controller.signal,
    });
    expect(response.status).toBe(200);
    const reader = response.body?.getReader();
    if (!reader) throw new Error("no body");
    try {
      await sleep(TIMEOUT_MS * 3);
      // Frames keep coming after the timeout has passed (heartbeats every 100 ms).
      let text = "";
      const decoder = new TextDecoder();
      while (!text.includes(": ping")) {
        const chunk = await reader.read();
        expect(chunk.done).toBe(false);
        text += decoder.decode(chunk.value, { stream: true });
      }
      await sleep(TIMEOUT_MS);
      const later = await reader.read();
      expect(later.done).toBe(false);
    } finally {
      controller.abort();
    }
  });
});
