import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor, uniquePlate } from "../../../test/api-caller";
import { createTestApp, type TestApp, testConfig } from "../../../test/harness";
import { clientId, insertLine } from "../../../test/shipments";

/**
 * GET /api/events over a real HTTP connection (inject cannot stream), read as the client reads
 * it: a streaming fetch.
 */
let t: TestApp;
let base: string;
let plain: number;
let office: Caller;
const MAX_STREAMS = 2;

beforeAll(async () => {
  const limits = { ...testConfig().limits, eventsMaxStreamsPerSession: MAX_STREAMS };
  t = await createTestApp({ config: { eventsHeartbeatMs: 200, limits } });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = `http://127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
  plain = await t.companyId(PLAIN);
  office = await callerFor(t, "office", plain);
});
afterAll(async () => {
  await t?.close();
});

interface Frame {
  event?: string;
  data?: string;
  comment?: string;
  retry?: string;
}

/** An open stream: frames as they arrive (SSE framing simplified to what the server sends). */
class Stream {
  frames: Frame[] = [];
  done = false;
  private buffer = "";
  private waiters: (() => void)[] = [];

  constructor(
    readonly response: Response,
    private readonly controller: AbortController,
  ) {
    void this.pump();
  }

  private async pump(): Promise<void> {
    const reader = this.response.body?.getReader();
    const decoder = new TextDecoder();
    try {
      for (;;) {
        const chunk = await reader?.read();
        if (!chunk || chunk.done) break;
        this.buffer += decoder.decode(chunk.value, { stream: true });
        let end = this.buffer.indexOf("\n\n");
        while (end >= 0) {
          this.frames.push(parseFrame(this.buffer.slice(0, end)));
          this.buffer = this.buffer.slice(end + 2);
          end = this.buffer.indexOf("\n\n");
        }
        this.wake();
      }
    } catch {
      // Aborted.
    }
    this.done = true;
    this.wake();
  }

  private wake(): void {
    for (const waiter of this.waiters.splice(0)) waiter();
  }

  async waitFor(test: (frame: Frame) => boolean, ms = 10_000): Promise<Frame> {
    const deadline = Date.now() + ms;
    for (;;) {
      const found = this.frames.find(test);
      if (found) return found;
      if (this.done) throw new Error(`stream ended; frames: ${JSON.stringify(this.frames)}`);
      const left = deadline - Date.now();
      if (left <= 0) throw new Error(`no such frame; frames: ${JSON.stringify(this.frames)}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, left);
      });
    }
  }

  async untilDone(ms = 10_000): Promise<void> {
    const deadline = Date.now() + ms;
    while (!this.done && Date.now() < deadline) {
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 50);
      });
    }
  }

  close(): void {
    this.controller.abort();
  }
}

function parseFrame(text: string): Frame {
  const frame: Frame = {};
  for (const line of text.split("\n")) {
    if (line.startsWith(":")) frame.comment = line.slice(1).trim();
    else if (line.startsWith("event: ")) frame.event = line.slice(7);
    else if (line.startsWith("data: ")) frame.data = line.slice(6);
    else if (line.startsWith("retry: ")) frame.retry = line.slice(7);
  }
  return frame;
}

async function open(username: string, companyId: number, token?: string): Promise<Stream> {
  return openWith(token ?? (await t.login(username)).token, companyId);
}

async function openWith(token: string, companyId: number): Promise<Stream> {
  const controller = new AbortController();
  const response = await fetch(`${base}/api/events`, {
    headers: t.headers(token, companyId),
    signal: controller.signal,
  });
  return new Stream(response, controller);
}

const changeOf = (entity: string, ids?: number[]) => (frame: Frame) => {
  if (frame.event !== "change" || !frame.data) return false;
  const data = JSON.parse(frame.data) as { entity: string; ids: number[] };
  return data.entity === entity && (ids === undefined || ids.every((id) => data.ids.includes(id)));
};

describe("GET /api/events", () => {
  it("answers 401 without a token and 403 for a company the user is not in", async () => {
    const anonymous = await fetch(`${base}/api/events`);
    expect(anonymous.status).toBe(401);
    expect(await anonymous.json()).toMatchObject({ code: "not_authenticated" });
    const { token } = await t.login("client");
    const kl = await t.companyId("KL Components");
    const foreign = await fetch(`${base}/api/events`, { headers: t.headers(token, kl) });
    expect(foreign.status).toBe(403);
    expect(await foreign.json()).toMatchObject({ code: "forbidden" });
  });

  it("streams text/event-stream: retry first, then comment heartbeats", async () => {
    const stream = await open("office", plain);
    try {
      expect(stream.response.status).toBe(200);
      expect(stream.response.headers.get("content-type")).toMatch(/^text\/event-stream/);
      expect(stream.response.headers.get("cache-control")).toContain("no-cache");
      await stream.waitFor((frame) => frame.retry !== undefined);
      expect(stream.frames[0]?.retry).toMatch(/^\d+$/);
      await stream.waitFor((frame) => frame.comment === "ping");
    } finally {
      stream.close();
    }
  });

  it("tells a user of the company about another user's PATCH and truck changes", async () => {
    const stream = await open("admin", plain);
    try {
      await stream.waitFor((frame) => frame.retry !== undefined);
      const line = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition);
      const patched = await office("PATCH", `/api/expedition/${line}`, { status: 10 });
      expect(patched.statusCode, patched.body).toBe(200);
      const frame = await stream.waitFor(changeOf("shipment", [line]));
      expect(JSON.parse(frame.data ?? "")).toEqual({ entity: "shipment", ids: [line] });
      const truck = await office.create({ plate: uniquePlate("sse"), name: "LIVE TRUCK" });
      await stream.waitFor(changeOf("shipper", [truck.id]));
      expect((await office("DELETE", `/api/shipper/${truck.id}`)).statusCode).toBe(204);
      const truckFrames = () => stream.frames.filter(changeOf("shipper", [truck.id])).length;
      await stream.waitFor(() => truckFrames() >= 2);
    } finally {
      stream.close();
    }
  });

  it("says nothing of other companies, nor of other clients' lines to a client user", async () => {
    const client = await open("client", plain);
    const trwStream = await open("office", await t.companyId(TRW));
    try {
      await client.waitFor((frame) => frame.retry !== undefined);
      const iberia = await clientId(t.app.db, plain, "IBERIA PHARMA");
      const acme = await clientId(t.app.db, plain, "ACME FOODS");
      await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, { clientId: iberia });
      const truck = await office.create({ plate: uniquePlate("ord"), name: "MARKER" });
      await client.waitFor(changeOf("shipper", [truck.id]));
      // The other client's line came first and was not told.
      expect(client.frames.some(changeOf("shipment"))).toBe(false);
      const mine = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, { clientId: acme });
      const frame = await client.waitFor(changeOf("shipment"));
      expect(JSON.parse(frame.data ?? "")).toEqual({ entity: "shipment", ids: [] });
      expect(mine).toBeGreaterThan(0);
      expect(trwStream.frames.some((each) => each.event === "change")).toBe(false);
    } finally {
      client.close();
      trwStream.close();
    }
  });

  it(`keeps at most ${MAX_STREAMS} streams per session: one more ends the session's oldest`, async () => {
    const { token } = await t.login("office");
    const streams: Stream[] = [];
    const other = await open("office", plain); // another login session
    try {
      for (let n = 0; n <= MAX_STREAMS; n += 1) {
        const stream = await openWith(token, plain);
        await stream.waitFor((frame) => frame.retry !== undefined);
        streams.push(stream);
      }
      await streams[0]?.untilDone();
      expect(streams.map((stream) => stream.done)).toEqual([true, false, false]);
      // The others still hear changes; the other session's stream was not touched.
      const truck = await office.create({ plate: uniquePlate("cap"), name: "CAPPED" });
      for (const stream of [...streams.slice(1), other]) {
        await stream.waitFor(changeOf("shipper", [truck.id]));
      }
      expect(other.done).toBe(false);
    } finally {
      for (const stream of [...streams, other]) stream.close();
    }
  });

  it("ends open streams when the app closes, without holding the close", async () => {
    const stream = await open("office", plain);
    await stream.waitFor((frame) => frame.retry !== undefined);
    const started = Date.now();
    const closing = t.app.close();
    await stream.untilDone(15_000);
    expect(stream.done).toBe(true);
    await closing;
    expect(stream.done).toBe(true);
    // An open stream would hold the close for the keep-alive timeout (72 s).
    expect(Date.now() - started).toBeLessThan(15_000);
  });
});
