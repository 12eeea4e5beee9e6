import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sliceMeets } from "../../../../shared/change-cursor";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { LiveChanges } from "../../../../shared/contract/changes";
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

/** Ids a `changes` frame (a slice of the feed) carries of `entity`, rows and deletions. */
function sliceIds(data: LiveChanges, entity: string): number[] {
  if (entity === "shipper")
    return [...data.shippers.map((row) => row.id), ...data.deleted.shippers];
  if (entity === "shipment") {
    return [...data.shipments.map((row) => row.id), ...data.deleted.shipments];
  }
  return [
    ...(data.critical_lines ?? []).map((row) => row.id),
    ...(data.deleted.critical_lines ?? []),
  ];
}

/** A frame telling `entity` changed: by ids (`change`) or carrying the rows (`changes`). */
const soon = () => new Date(Date.now() + 3_600_000);

const changeOf = (entity: string, ids?: number[]) => (frame: Frame) => {
  if (!frame.data) return false;
  if (frame.event === "changes") {
    const carried = sliceIds(LiveChanges.parse(JSON.parse(frame.data)), entity);
    return ids === undefined ? carried.length > 0 : ids.every((id) => carried.includes(id));
  }
  if (frame.event !== "change") return false;
  const data = JSON.parse(frame.data) as { entity: string; ids: number[] };
  return data.entity === entity && (ids === undefined || ids.every((id) => data.ids.includes(id)));
};

const slices = (stream: Stream) =>
  stream.frames
    .filter((frame) => frame.event === "changes")
    .map((frame) => LiveChanges.parse(JSON.parse(frame.data ?? "")));

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
      const line = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
        bookedDate: soon(),
      });
      const patched = await office("PATCH", `/api/expedition/${line}`, { status: 10 });
      expect(patched.statusCode, patched.body).toBe(200);
      // The row itself, as the feed has it after the PATCH: the device applies it, no pull.
      await stream.waitFor(
        (frame) =>
          frame.event === "changes" &&
          LiveChanges.parse(JSON.parse(frame.data ?? "")).shipments.some(
            (row) => row.id === line && row.status.id === 10,
          ),
      );
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
      const mine = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
        clientId: acme,
        bookedDate: soon(),
      });
      await client.waitFor(changeOf("shipment", [mine]));
      // Their own client's line comes as the feed hands it to them; never another client's.
      const carried = slices(client).flatMap((slice) => slice.shipments);
      expect(carried.map((row) => row.client?.id)).toEqual([acme]);
      expect(trwStream.frames.some((each) => each.event?.startsWith("change"))).toBe(false);
    } finally {
      client.close();
      trwStream.close();
    }
  });

  it("carries each viewer the rows GET /api/changes hands them, and nothing else", async () => {
    const trw = await t.companyId(TRW);
    const viewers = {
      office: await open("office", plain),
      client: await open("client", plain),
      provider: await open("provider", plain),
      otherCompany: await open("office", trw),
    };
    const streams = Object.values(viewers);
    try {
      for (const stream of streams) await stream.waitFor((frame) => frame.retry !== undefined);
      const acme = await clientId(t.app.db, plain, "ACME FOODS");
      const iberia = await clientId(t.app.db, plain, "IBERIA PHARMA");
      const mine = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
        clientId: acme,
        bookedDate: soon(),
      });
      const theirs = await insertLine(t.app.db, plain, SHIPMENT_TYPE.expedition, {
        clientId: iberia,
        bookedDate: soon(),
      });
      const reception = await insertLine(t.app.db, plain, SHIPMENT_TYPE.reception, {
        clientId: acme,
        bookedDate: soon(),
      });
      const elsewhere = await insertLine(t.app.db, trw, SHIPMENT_TYPE.expedition, {
        bookedDate: soon(),
      });
      const marker = await office.create({ plate: uniquePlate("vis"), name: "VISIBILITY" });
      for (const stream of streams.slice(0, 3))
        await stream.waitFor(changeOf("shipper", [marker.id]));
      await viewers.otherCompany.waitFor(changeOf("shipment", [elsewhere]));
      const carried = (stream: Stream) =>
        new Set(slices(stream).flatMap((slice) => sliceIds(slice, "shipment")));
      expect([...carried(viewers.office)]).toEqual(
        expect.arrayContaining([mine, theirs, reception]),
      );
      expect(carried(viewers.office).has(elsewhere)).toBe(false);
      expect(carried(viewers.client).has(mine)).toBe(true);
      expect(carried(viewers.client).has(theirs)).toBe(false);
      // provider sees receptions only.
      expect(carried(viewers.provider).has(reception)).toBe(true);
      expect(carried(viewers.provider).has(mine)).toBe(false);
      expect([...carried(viewers.otherCompany)]).toEqual([elsewhere]);
      // The slices chain (each starts where the one before ended) and hold, for every viewer,
      // exactly what the feed answers that viewer over the same span.
      for (const [username, stream, company] of [
        ["office", viewers.office, plain],
        ["client", viewers.client, plain],
        ["provider", viewers.provider, plain],
        ["office", viewers.otherCompany, trw],
      ] as const) {
        const chain = slices(stream);
        expect(chain.slice(1).map((slice) => slice.since)).toEqual(
          chain.slice(0, -1).map((slice) => slice.cursor),
        );
        const caller = await callerFor(t, username, company);
        const answer = await caller("GET", `/api/changes?since=${chain[0]?.since}`);
        const feed = LiveChanges.omit({ since: true }).parse(answer.json());
        // The feed answers up to its bound now, at or past the last slice's end.
        expect(sliceMeets(feed.cursor, chain[0]?.since ?? "", chain.at(-1)?.cursor ?? "")).toBe(
          "covered",
        );
        const ids = (entity: string) =>
          chain.flatMap((slice) => sliceIds(slice, entity)).sort((a, b) => a - b);
        expect(ids("shipment")).toEqual(
          sliceIds({ ...feed, since: "" }, "shipment").sort((a, b) => a - b),
        );
        expect(ids("shipper")).toEqual(
          sliceIds({ ...feed, since: "" }, "shipper").sort((a, b) => a - b),
        );
      }
    } finally {
      for (const stream of streams) stream.close();
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
