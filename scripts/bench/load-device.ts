import { randomUUID } from "node:crypto";
import { performance } from "node:perf_hooks";

/**
 * One simulated device of `npm run bench -- load` (scripts/bench-load.ts), doing what the app
 * does (src/client/offline/live-sync.ts, live-events.ts, change-feed.ts, use-mirrored-list.ts
 * and features/shipments/api.ts): it holds GET api/events open; on each change event, when the
 * stream opens and every LIST_RELOAD_MS (60 s) it pulls GET api/changes from its cursor until
 * `more` is false (pulls never overlap: events during one make one more) and, after an event
 * or the period, reloads its list page; every few seconds it changes the status of one of its
 * own lines with PATCH, If-Match of the version it holds and a new Idempotency-Key, one write
 * out at a time as the outbox sends them (a tick while one is out is skipped and counted). A dropped
 * stream reconnects after a second, as the app does after a stream that worked.
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
  /** The lines this device alone writes, with the version it holds. */
  lines: { id: number; version: number; status: number }[];
  writeEveryMs: number;
  /** The two statuses a line goes back and forth between. */
  statuses: readonly [number, number];
}

interface Written {
  version: number;
  status: { id: number };
}

interface Feed {
  cursor: string;
  more: boolean;
}

export function startDevice(spec: DeviceSpec, recorder: Recorder): () => Promise<void> {
  const controller = new AbortController();
  const { signal } = controller;
  let cursor: string | undefined;
  let running = false;
  let again = false;
  // The list screen is open: it loads its page at start.
  let reloadList = true;
  let lastPull = 0;
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

  const pull = async () => {
    for (;;) {
      const query = cursor === undefined ? "" : `?since=${encodeURIComponent(cursor)}`;
      const answer = await call("changes", `/api/changes${query}`);
      if (answer?.status !== 200) return;
      const page = JSON.parse(answer.text) as Feed;
      cursor = page.cursor;
      if (!page.more) return;
    }
  };

  const sync = async (): Promise<void> => {
    if (running) {
      again = true;
      return;
    }
    running = true;
    try {
      do {
        again = false;
        const list = reloadList;
        reloadList = false;
        lastPull = Date.now();
        await pull();
        if (list && !signal.aborted) await call("list", spec.listPath);
      } while (again && !signal.aborted);
    } finally {
      running = false;
    }
  };
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
    const ids = (JSON.parse(data) as { ids?: number[] }).ids ?? [];
    recorder.heard(ids, spec.instance);
    reloadList = true;
    void sync();
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
          void sync();
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
  };

  const listening = listen();
  // Writes start at a random point of the first period, so the devices do not write in step.
  let writer: NodeJS.Timeout | undefined;
  const firstWrite = setTimeout(() => {
    track(write());
    writer = setInterval(() => track(write()), spec.writeEveryMs);
  }, Math.random() * spec.writeEveryMs);
  const poller = setInterval(() => {
    if (Date.now() - lastPull < LIST_RELOAD_MS - 50) return;
    reloadList = true;
    void sync();
  }, LIST_RELOAD_MS);

  return async () => {
    clearTimeout(firstWrite);
    clearInterval(writer);
    clearInterval(poller);
    // Requests still out when the run ends are cut, not counted (the run's figures are taken).
    controller.abort();
    await current;
    await listening;
  };
}
