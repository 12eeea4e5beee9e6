import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLAIN } from "../db/demo-data";
import { createTestApp, type TestApp } from "../test/harness";
import { COMPRESS_THRESHOLD_BYTES } from "./compression";

let t: TestApp;
let headers: Record<string, string>;

beforeAll(async () => {
  t = await createTestApp();
  const { token } = await t.login("office");
  headers = t.headers(token, await t.companyId(PLAIN));
});
afterAll(async () => {
  await t?.close();
});

const LIST = "/api/expedition?page_size=50";

describe("compressed JSON answers", () => {
  it("compresses a list with brotli or gzip as Accept-Encoding asks, with Vary", async () => {
    const plain = await t.app.inject({ url: LIST, headers });
    expect(plain.statusCode).toBe(200);
    expect(plain.headers["content-encoding"]).toBeUndefined();
    expect(plain.rawPayload.length).toBeGreaterThan(COMPRESS_THRESHOLD_BYTES);

    const br = await t.app.inject({
      url: LIST,
      headers: { ...headers, "accept-encoding": "gzip, deflate, br" },
    });
    expect(br.statusCode).toBe(200);
    expect(br.headers["content-encoding"]).toBe("br");
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(br.headers["content-type"]).toContain("application/json");
    expect(br.rawPayload.length).toBeLessThan(plain.rawPayload.length / 3);
    expect(JSON.parse(brotliDecompressSync(br.rawPayload).toString())).toEqual(plain.json());

    const gz = await t.app.inject({
      url: LIST,
      headers: { ...headers, "accept-encoding": "gzip" },
    });
    expect(gz.headers["content-encoding"]).toBe("gzip");
    expect(JSON.parse(gunzipSync(gz.rawPayload).toString())).toEqual(plain.json());
  });

  it("sends small answers as they are", async () => {
    const small = await t.app.inject({
      url: "/api/expedition?page_size=1",
      headers: { ...headers, "accept-encoding": "br, gzip" },
    });
    expect(small.statusCode).toBe(200);
    expect(small.rawPayload.length).toBeLessThan(COMPRESS_THRESHOLD_BYTES);
    expect(small.headers["content-encoding"]).toBeUndefined();
    expect(small.json<{ count: number }>().count).toBeGreaterThan(0);
  });

  it("never compresses the live-events stream", async () => {
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const { port } = t.app.server.address() as AddressInfo;
    const controller = new AbortController();
    try {
      const response = await fetch(`http://127.0.0.1:${port}/api/events`, {
        headers: { ...headers, "accept-encoding": "br, gzip" },
        signal: controller.signal,
      });
      expect(response.status).toBe(200);
      expect(response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(response.headers.get("content-encoding")).toBeNull();
      const reader = response.body?.getReader();
      const first = await reader?.read();
      expect(new TextDecoder().decode(first?.value)).toContain("retry:");
    } finally {
      controller.abort();
    }
  });
});
