import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { LiveChange } from "../../shared/contract/changes";
import { setApiBase } from "../lib/http";
import { writeStored } from "../lib/storage";
import { BACKOFF_MAX_MS, backoffDelay, startLiveEvents } from "./live-events";

/** One fake connection: the test pushes text chunks, then ends it. */
interface Connection {
  url: string;
  headers: Headers;
  signal: AbortSignal | undefined;
  push(text: string): void;
  end(): void;
}

function fakeServer(status = 200) {
  const connections: Connection[] = [];
  const fetchImpl = vi.fn<typeof fetch>(async (input, init) => {
    let controller!: ReadableStreamDefaultController<Uint8Array>;
    const body = new ReadableStream<Uint8Array>({
      start(c) {
        controller = c;
      },
    });
    const encoder = new TextEncoder();
    init?.signal?.addEventListener("abort", () => {
      try {
        controller.error(new DOMException("aborted", "AbortError"));
      } catch {
        // Already closed.
      }
    });
    connections.push({
      url: String(input),
      headers: new Headers(init?.headers),
      signal: init?.signal ?? undefined,
      push: (text) => controller.enqueue(encoder.encode(text)),
      end: () => controller.close(),
    });
    return new Response(status === 200 ? body : JSON.stringify({ code: "x", message: "x" }), {
      status,
      headers: { "content-type": status === 200 ? "text/event-stream" : "application/json" },
    });
  });
  return { connections, fetchImpl };
}

const until = async (test: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

let stop: (() => void) | undefined;

beforeEach(() => {
  setApiBase("http://localhost/");
  writeStored("jwt", "a.b.c");
});
afterEach(() => {
  stop?.();
  stop = undefined;
  vi.unstubAllGlobals();
});

describe("backoffDelay", () => {
  it("doubles from the base with jitter between half and all of it, at most 60 s", () => {
    expect(backoffDelay(0, 5_000, () => 0)).toBe(2_500);
    expect(backoffDelay(0, 5_000, () => 1)).toBe(5_000);
    expect(backoffDelay(2, 5_000, () => 1)).toBe(20_000);
    expect(backoffDelay(10, 5_000, () => 1)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelay(1_000, 5_000, () => 0.5)).toBeLessThanOrEqual(BACKOFF_MAX_MS);
  });
});

describe("startLiveEvents", () => {
  it("sends the API headers and parses change frames split anywhere, skipping comments", async () => {
    const server = fakeServer();
    const changes: LiveChange[] = [];
    const onOpen = vi.fn();
    stop = startLiveEvents({
      company: 7,
      onChange: (change) => changes.push(change),
      onOpen,
      fetchImpl: server.fetchImpl,
    });
    await until(() => server.connections.length === 1);
    const connection = server.connections[0];
    expect(connection?.url).toBe("http://localhost/api/events");
    expect(connection?.headers.get("authorization")).toBe("Bearer a.b.c");
    expect(connection?.headers.get("company")).toBe("7");
    expect(connection?.headers.get("accept")).toBe("text/event-stream");
    connection?.push("retry: 5000\n: connected\n\n: ping\n\nevent: cha");
    connection?.push('nge\ndata: {"entity":"shipment",');
    connection?.push('"ids":[1,2]}\n\n');
    // Multi-line data is joined with a newline (still one JSON document); CRLF framing too.
    connection?.push('event: change\r\ndata: {"entity":\r\ndata: "shipper","ids":[]}\r\n\r\n');
    // Not ours: other events, bad JSON, a wrong shape.
    connection?.push(
      'event: other\ndata: {}\n\nevent: change\ndata: nope\n\nevent: change\ndata: {"entity":"x"}\n\n',
    );
    await until(() => changes.length === 2);
    expect(onOpen).toHaveBeenCalledOnce();
    expect(changes).toEqual([
      { entity: "shipment", ids: [1, 2] },
      { entity: "shipper", ids: [] },
    ]);
  });

  it("reconnects after the stream ends, waiting the server's retry with jitter", async () => {
    const server = fakeServer();
    stop = startLiveEvents({
      company: 7,
      onChange: () => undefined,
      fetchImpl: server.fetchImpl,
      random: () => 0,
    });
    await until(() => server.connections.length === 1);
    server.connections[0]?.push("retry: 1000\n\n");
    const ended = Date.now();
    server.connections[0]?.end();
    await until(() => server.connections.length === 2);
    // retry 1000 with jitter 0 waits half of it.
    expect(Date.now() - ended).toBeGreaterThanOrEqual(450);
  });

  it("stops: aborts the open request and never reconnects", async () => {
    const server = fakeServer();
    stop = startLiveEvents({ company: 7, onChange: () => undefined, fetchImpl: server.fetchImpl });
    await until(() => server.connections.length === 1);
    stop();
    expect(server.connections[0]?.signal?.aborted).toBe(true);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toHaveLength(1);
  });

  it("does not try while the browser is offline; the online event starts it", async () => {
    vi.stubGlobal("navigator", { ...navigator, onLine: false });
    const server = fakeServer();
    stop = startLiveEvents({ company: 7, onChange: () => undefined, fetchImpl: server.fetchImpl });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(server.connections).toHaveLength(0);
    vi.stubGlobal("navigator", { ...navigator, onLine: true });
    window.dispatchEvent(new Event("online"));
    await until(() => server.connections.length === 1);
  });

  it("backs off after a refused connection (401) instead of hammering the server", async () => {
    const server = fakeServer(401);
    const onOpen = vi.fn();
    stop = startLiveEvents({
      company: 7,
      onChange: () => undefined,
      onOpen,
      fetchImpl: server.fetchImpl,
      random: () => 0,
    });
    await until(() => server.connections.length === 1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    // The first retry waits at least 5 s (base 5 s doubled, half with jitter 0).
    expect(server.connections).toHaveLength(1);
    expect(onOpen).not.toHaveBeenCalled();
  });
});
