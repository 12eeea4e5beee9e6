import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";
import {
  changeKey,
  emptyFeedReport,
  type FeedReport,
  listNotice,
} from "../../src/client/offline/list-refresh";
import { createPullSchedule } from "../../src/client/offline/pull-schedule";
import type { ShipmentListFilters } from "../../src/client/offline/shipments-mirror";
import { shipmentsSourceFor } from "../../src/client/offline/shipments-source";
import { SHIPMENT_TYPE } from "../../src/shared/constants";
import type { Changes } from "../../src/shared/contract/changes";
import type { Shipment } from "../../src/shared/contract/shipments";

/**
 * One simulated device of `npm run bench -- load` (scripts/bench-load.ts), doing what the app
 * does, with the app's own policies: it holds GET api/events open; it pulls GET api/changes from
 * its cursor until `more` is false when the stream opens, every LIST_RELOAD_MS (60 s) and after
 * each burst of change events, on the app's schedule (src/client/offline/pull-schedule.ts:
 * debounced, never overlapping); it keeps the feed's lines in a map (the mirror) and, as
 * offline/live-sync.ts tells open lists, reloads its list page only when the app's list would
 * (list-refresh.ts `listNotice`, then the expeditions source's own `movedBy`), when its list
 * screen opens (at a random point of the first LIST_RELOAD_MS) and every LIST_RELOAD_MS from
 * then; every few seconds it changes the status of one of its own lines with
 * PATCH, If-Match of the version it holds and a new Idempotency-Key, one write out at a time as
 * the outbox sends them (a tick while one is out is skipped and counted). A dropped stream
 * reconnects after a second, as the app does after a stream that worked. One difference: a list
 * reload asked while one runs follows it (the app aborts the running one and starts anew).
 */
export const LIST_RELOAD_MS = 60_000;

export type Operation = "sign-in" | "events open" | "changes" | "list" | "write";

/** What every device reports into: latencies, errors, and the writes events are matched to. */
export interface Recorder {
  latency(op: Operation, ms: number): void;
  /** `kind`: the HTTP status, or what happened to the request or stream. */
  error(op: Operation, kind: string, detail: string): void;
  /** A write of `line` from `instance` is about to leave (sent) or was answered. */
  writeSent(line: number, instance: number): void;
  writeAnswered(line: number): void;
  /** A device on `instance` heard `ids` change. */
  heard(ids: readonly number[], instance: number): void;
  reconnect(): void;
  /** A write skipped: the device's previous one had no answer yet. */
  deferred(): void;
}

export interface DeviceSpec {
  base: string;
  instance: number;
  headers: Record<string, string>;
  listPath: string;
  /** The same list's filters, as the app's list keeps them (for its `movedBy`). */
  listFilters: ShipmentListFilters;
  /** The lines this device alone writes, with the version it holds. */
  lines: { id: number; version: number; status: number }[];
  writeEveryMs: number;
  /** The two statuses a line goes back and forth between. */
  statuses: readonly [number, number];
}

type Written = Shipment;

/** The expeditions list's judgement of a feed report (shipments-source.ts). */
const expeditions = shipmentsSourceFor(SHIPMENT_TYPE.expedition, null, 10);

export function startDevice(spec: DeviceSpec, recorder: Recorder): () => Promise<void> {
  const controller = new AbortController();
  const { signal } = controller;
  let cursor: string | undefined;
  /** The device's mirror of its company's lines, as the feed and its own writes left them. */
  const mirror = new Map<number, Shipment>();
  // Rows change events named since the last pull started (offline/live-sync.ts).
  let heard = new Set<string>();
  let unknown = false;
  let explainedBefore = new Set<string>();
  let listing = false;
  let listAgain = false;
  let lastList = 0;
  let current: Promise<void> = Promise.resolve();

  const call = async (op: Operation, path: string, init: RequestInit = {}) => {
    const started = performance.now();
    try {
      const response = await fetch(`${spec.base}${path}`, {
        ...init,
        headers: { ...spec.headers, ...(init.headers as Record<string, string>) },
        signal,
      });
      const text = await response.text();
      if (!response.ok) {
        recorder.error(op, String(response.status), text.slice(0, 160));
        return { status: response.status, text };
      }
      recorder.latency(op, performance.now() - started);
      return { status: response.status, text };
    } catch (error) {
      if (!signal.aborted) recorder.error(op, "network", String(error));
      return undefined;
    }
  };

  /** The whole feed from the cursor, each line before and after (change-feed.ts); undefined: failed. */
  const pull = async (): Promise<{ full: boolean; report: FeedReport } | undefined> => {
    const report = emptyFeedReport();
    let full = false;
    for (;;) {
      const query = cursor === undefined ? "" : `?since=${encodeURIComponent(cursor)}`;
      const answer = await call("changes", `/api/changes${query}`);
      if (answer?.status !== 200) return undefined;
      const page = JSON.parse(answer.text) as Changes;
      full ||= page.full;
      for (const after of page.shipments) {
        const before = mirror.get(after.id);
        report.shipments.push(before ? { id: after.id, before, after } : { id: after.id, after });
        mirror.set(after.id, after);
      }
      for (const id of page.deleted.shipments) {
        const before = mirror.get(id);
        report.shipments.push(before ? { id, before } : { id });
        mirror.delete(id);
      }
      for (const row of page.shippers) report.shippers.push({ id: row.id });
      for (const id of page.deleted.shippers) report.shippers.push({ id });
      for (const row of page.critical_lines ?? []) report.critical_lines.push({ id: row.id });
      cursor = page.cursor;
      if (!page.more) return { full, report };
    }
  };

  const loadList = async (): Promise<void> => {
    if (listing) {
      listAgain = true;
      return;
    }
    listing = true;
    try {
      do {
        listAgain = false;
        lastList = Date.now();
        await call("list", spec.listPath);
      } while (listAgain && !signal.aborted);
    } finally {
      listing = false;
    }
  };

  /** One pull, then what the app's open list does with its report. */
  const run = async (): Promise<void> => {
    const waiting = heard;
    const wasUnknown = unknown;
    heard = new Set();
    unknown = false;
    const result = await pull();
    if (signal.aborted) return;
    if (!result) {
      unknown = true;
      for (const key of waiting) heard.add(key);
      return;
    }
    const { notice, explained } = listNotice(result, waiting, wasUnknown, explainedBefore);
    explainedBefore = explained;
    if (notice === undefined) return;
    if (notice !== null && !expeditions.movedBy?.(notice, spec.listFilters)) return;
    track(loadList());
  };
  const schedule = createPullSchedule(run);

  const track = (work: Promise<void>) => {
    current = current.then(() => work);
  };

  const onFrame = (frame: string) => {
    let event = "message";
    let data = "";
    for (const line of frame.split("\n")) {
      if (line.startsWith("event:")) event = line.slice(6).trim();
      else if (line.startsWith("data:")) data += line.slice(5).trim();
    }
    if (event !== "change") return;
    const change = JSON.parse(data) as { entity: string; ids?: number[] };
    const ids = change.ids ?? [];
    recorder.heard(ids, spec.instance);
    if (ids.length === 0) unknown = true;
    for (const id of ids) heard.add(changeKey(change.entity, id));
    schedule.soon();
  };

  const listen = async () => {
    while (!signal.aborted) {
      const started = performance.now();
      try {
        const response = await fetch(`${spec.base}/api/events`, {
          headers: { ...spec.headers, accept: "text/event-stream" },
          signal,
        });
        if (!response.ok || !response.body) {
          recorder.error("events open", String(response.status), await response.text());
        } else {
          recorder.latency("events open", performance.now() - started);
          schedule.now();
          const decoder = new TextDecoder();
          let buffer = "";
          for await (const chunk of response.body) {
            buffer += decoder.decode(chunk as Uint8Array, { stream: true });
            let end = buffer.indexOf("\n\n");
            while (end >= 0) {
              onFrame(buffer.slice(0, end));
              buffer = buffer.slice(end + 2);
              end = buffer.indexOf("\n\n");
            }
          }
          if (!signal.aborted) recorder.error("events open", "stream ended", "");
        }
      } catch (error) {
        if (!signal.aborted) recorder.error("events open", "stream dropped", String(error));
      }
      if (signal.aborted) break;
      recorder.reconnect();
      await new Promise((resolve) => setTimeout(resolve, 1000));
    }
  };

  let turn = 0;
  let writing = false;
  const write = async () => {
    // The app's outbox sends one change at a time per device, in order: a change made while
    // one is out waits for it (never a second request on a version still being written).
    if (writing) {
      recorder.deferred();
      return;
    }
    const line = spec.lines[turn++ % spec.lines.length];
    if (!line) return;
    writing = true;
    try {
      await writeLine(line);
    } finally {
      writing = false;
    }
  };
  const writeLine = async (line: DeviceSpec["lines"][number]) => {
    const status = line.status === spec.statuses[0] ? spec.statuses[1] : spec.statuses[0];
    recorder.writeSent(line.id, spec.instance);
    const answer = await call("write", `/api/expedition/${line.id}`, {
      method: "PATCH",
      headers: {
        "content-type": "application/json",
        "if-match": `"${line.version}"`,
        "idempotency-key": randomUUID(),
      },
      body: JSON.stringify({ status }),
    });
    if (answer === undefined) return;
    // A 412 (an earlier write of this line applied, its answer lost): the app takes the
    // server's line from the answer's `current`, as the replayer does; so does the device.
    const body = JSON.parse(answer.text) as Partial<Written> & { current?: Written };
    const written = answer.status === 200 ? (body as Written) : body.current;
    if (answer.status === 200) recorder.writeAnswered(line.id);
    if (!written) return;
    line.version = written.version;
    line.status = written.status.id;
    // The outbox's acknowledgement writes the answer into the mirror.
    const mirrored = mirror.get(line.id);
    if (!mirrored || mirrored.version <= written.version) mirror.set(line.id, written);
  };

  const listening = listen();
  // Writes start at a random point of the first period, so the devices do not write in step.
  let writer: NodeJS.Timeout | undefined;
  const firstWrite = setTimeout(() => {
    track(write());
    writer = setInterval(() => track(write()), spec.writeEveryMs);
  }, Math.random() * spec.writeEveryMs);
  // The list screen opens at a random point of the first period (tablets are not all opened in
  // the same second): it loads its page then, and it and the feed poll on their own from there.
  // Opened together, 200 devices polled in step, 200 lists in the same instant every minute.
  let poller: NodeJS.Timeout | undefined;
  const opened = setTimeout(() => {
    track(loadList());
    poller = setInterval(() => {
      if (Date.now() - schedule.lastPull() >= LIST_RELOAD_MS - 50) schedule.now();
      if (Date.now() - lastList >= LIST_RELOAD_MS - 50) track(loadList());
    }, LIST_RELOAD_MS);
  }, Math.random() * LIST_RELOAD_MS);

  return async () => {
    clearTimeout(firstWrite);
    clearInterval(writer);
    clearTimeout(opened);
    clearInterval(poller);
    schedule.stop();
    // Requests still out when the run ends are cut, not counted (the run's figures are taken).
    controller.abort();
    await current;
    await listening;
  };
}
