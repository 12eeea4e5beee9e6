import "fake-indexeddb/auto";
import { afterAll, afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { changeWindow } from "../../shared/change-window";
import type { Changes, LiveChange, LiveChanges } from "../../shared/contract/changes";
import type { Shipment } from "../../shared/contract/shipments";
import { setApiBase } from "../lib/http";
import { writeStored } from "../lib/storage";
import { expeditionRow } from "../test-rows";
import { mockApi, type RecordedRequest } from "../test-utils";
import { cursorKey } from "./change-feed";
import { db } from "./db";
import { type FeedReport, onListRefresh } from "./list-refresh";
import type { LiveEventsOptions } from "./live-events";
import { startLiveSync } from "./live-sync";

/**
 * Live events that carry their rows (issue 30): the real live sync, change feed and Dexie
 * mirror (fake-indexeddb), the server's answers mocked at fetch. A slice that continues the
 * device's cursor is applied without GET /api/changes; one that does not is pulled.
 */
const COMPANY = 7;
const window = changeWindow();
const WINDOW = {
  from: new Date(window.from).toISOString(),
  until: new Date(window.until).toISOString(),
};
const booked = new Date(Date.now() + 3_600_000).toISOString();

const line = (version: number, status: number): Shipment =>
  expeditionRow(1, {
    company: COMPANY,
    booked_date: booked,
    version,
    status: { id: status, description: `status ${status}`, color: "" },
  });

function answer(overrides: Partial<Changes>): Changes {
  return {
    cursor: "c.100",
    more: false,
    full: false,
    window: WINDOW,
    shippers: [],
    shipments: [],
    deleted: { shippers: [], shipments: [] },
    ...overrides,
  };
}

const slice = (since: string, cursor: string, shipments: Shipment[]): LiveChanges => ({
  ...answer({ cursor, shipments }),
  since,
});

const until = async (test: () => boolean | Promise<boolean>, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!(await test())) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

interface Device {
  pulls: RecordedRequest[];
  reports: (FeedReport | null)[];
  send(slice: LiveChanges): void;
  change(change: LiveChange): void;
  stop(): void;
}

/** A device in step at c.100 holding line 1 (version 1, status 998); the feed answers `feed`. */
async function device(feed: Changes[]): Promise<Device> {
  await db.meta.put({
    key: cursorKey(COMPANY),
    value: { cursor: "c.100", windowFrom: WINDOW.from },
  });
  await db.shipments.put(line(1, 998));
  const queue = [...feed];
  const requests = mockApi({
    "GET /api/changes": () => ({ body: queue.shift() ?? answer({}) }),
  });
  let events: LiveEventsOptions | undefined;
  const reports: (FeedReport | null)[] = [];
  const stopRefresh = onListRefresh((report) => reports.push(report));
  const stopSync = startLiveSync(COMPANY, {
    startEvents: (options) => {
      events = options;
      return () => undefined;
    },
    periodMs: 600_000,
    debounceMs: 5,
    minGapMs: 0,
  });
  const pulls = () => requests.filter((request) => request.path === "/api/changes");
  // The pull at start.
  await until(() => pulls().length === 1);
  await until(async () => (await db.meta.get(cursorKey(COMPANY)))?.value !== undefined);
  return {
    get pulls() {
      return pulls();
    },
    reports,
    send: (each) => events?.onSlice?.(each),
    change: (each) => events?.onChange(each),
    stop: () => {
      stopSync();
      stopRefresh();
    },
  };
}

const mirrored = async () => db.shipments.get(1);
const cursor = async () =>
  ((await db.meta.get(cursorKey(COMPANY)))?.value as { cursor?: string } | undefined)?.cursor;

let stops: (() => void)[] = [];
beforeEach(async () => {
  setApiBase("http://localhost/");
  writeStored("jwt", "a.b.c");
  await Promise.all([db.shipments.clear(), db.meta.clear(), db.outbox.clear()]);
});
afterEach(() => {
  for (const stop of stops) stop();
  stops = [];
  vi.unstubAllGlobals();
});
afterAll(() => db.close());

describe("live events with their rows", () => {
  it("applies a slice that continues the cursor without a pull, and lists re-render in place", async () => {
    const d = await device([answer({ cursor: "c.100" })]);
    stops.push(d.stop);
    d.send(slice("c.100", "c.105", [line(2, 10)]));
    await until(async () => (await mirrored())?.status.id === 10);
    expect(await cursor()).toBe("c.105");
    // A slice starting before the cursor (a pull already brought part of it) continues it too.
    d.send(slice("c.103", "c.108", []));
    await until(async () => (await cursor()) === "c.108");
    expect(d.pulls).toHaveLength(1);
    // The open lists got the row before and after: an in-place status change.
    const report = d.reports.find((each) => each !== null && each.shipments.length > 0);
    expect(report?.shipments[0]?.before?.status.id).toBe(998);
    expect(report?.shipments[0]?.after?.status.id).toBe(10);
  });

  it("pulls on a gap (a slice starting past the cursor), and does not apply that slice", async () => {
    const d = await device([answer({ cursor: "c.100" }), answer({ cursor: "c.110" })]);
    stops.push(d.stop);
    d.send(slice("c.103", "c.106", [line(2, 10)]));
    await until(() => d.pulls.length === 2);
    await until(async () => (await cursor()) === "c.110");
    expect(d.pulls[1]?.path).toBe("/api/changes");
    // The feed brought nothing for line 1: the slice's row was not taken.
    expect((await mirrored())?.version).toBe(1);
  });

  it("pulls for a change told by ids (more rows than an event carries), as before", async () => {
    const d = await device([answer({ cursor: "c.100" }), answer({ cursor: "c.120" })]);
    stops.push(d.stop);
    d.change({ entity: "shipment", ids: [] });
    await until(() => d.pulls.length === 2);
    await until(async () => (await cursor()) === "c.120");
  });

  it("ignores a slice the mirror is already past, and pulls for one of another window", async () => {
    const d = await device([answer({ cursor: "c.200" }), answer({ cursor: "c.210" })]);
    stops.push(d.stop);
    d.send(slice("c.150", "c.190", [line(2, 10)]));
    d.send({
      ...slice("c.200", "c.205", [line(3, 10)]),
      window: { ...WINDOW, from: "2020-01-01T00:00:00.000Z" },
    });
    await until(() => d.pulls.length === 2);
    await until(async () => (await cursor()) === "c.210");
    expect((await mirrored())?.version).toBe(1);
  });

  it("keeps the later cursor when a pull that read before a slice ends after it", async () => {
    const d = await device([answer({ cursor: "c.100" }), answer({ cursor: "c.103" })]);
    stops.push(d.stop);
    d.send(slice("c.100", "c.105", [line(2, 10)]));
    await until(async () => (await cursor()) === "c.105");
    d.reports.length = 0;
    d.change({ entity: "shipment", ids: [] });
    // The pull is done once it told the lists (an event with no ids: every list reloads).
    await until(() => d.reports.includes(null));
    expect(d.pulls).toHaveLength(2);
    expect(await cursor()).toBe("c.105");
    // So the next slice still continues it.
    d.send(slice("c.105", "c.109", [line(3, 998)]));
    await until(async () => (await cursor()) === "c.109");
    expect(d.pulls).toHaveLength(2);
  });

  it("applies nothing twice: the pull that later brings the same change leaves the row as the slice did", async () => {
    const d = await device([
      answer({ cursor: "c.100" }),
      answer({ cursor: "c.106", shipments: [line(2, 10)] }),
    ]);
    stops.push(d.stop);
    d.send(slice("c.100", "c.105", [line(2, 10)]));
    await until(async () => (await cursor()) === "c.105");
    d.reports.length = 0;
    d.change({ entity: "shipment", ids: [1] });
    await until(async () => (await cursor()) === "c.106");
    expect(await db.shipments.count()).toBe(1);
    expect(await mirrored()).toEqual(line(2, 10));
    // The pull's report shows the row unchanged (before = after): no list moves for it.
    await until(() => d.reports.length > 0);
    const change = d.reports[0]?.shipments[0];
    expect(change?.before).toEqual(change?.after);
  });
});
