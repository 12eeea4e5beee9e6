import { createParser } from "eventsource-parser";
import { type LiveChange, LiveChange as LiveChangeSchema } from "../../shared/contract/changes";
import { apiRequest } from "../lib/http";

/**
 * The live-events stream (GET api/events, server-sent events) read with a streaming fetch, so
 * it carries the same Authorization and company headers as every call (EventSource cannot).
 * Frames are parsed by eventsource-parser. The stream reconnects with exponential backoff and
 * jitter (from the server's `retry:`, at most BACKOFF_MAX_MS) and, while the browser is
 * offline, waits for `online` instead of trying. Stopping aborts the request.
 */
export const BACKOFF_MAX_MS = 60_000;
export const DEFAULT_RETRY_MS = 5_000;

export interface LiveEventsOptions {
  /** Company header of the stream. */
  company: number;
  onChange(change: LiveChange): void;
  /** The stream is open (again): what changed while it was not is unknown, so pull. */
  onOpen?(): void;
  /** An open stream ended (it reconnects): changes may go unheard until it is open again. */
  onClose?(): void;
  fetchImpl?: typeof fetch;
  random?: () => number;
}

/** Wait before reconnect attempt `attempt` (0 after a stream that worked): base x 2^n, jittered. */
export function backoffDelay(attempt: number, baseMs: number, random: () => number): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, baseMs * 2 ** Math.min(attempt, 16));
  return Math.round(ceiling * (0.5 + random() / 2));
}

function abortable(signal: AbortSignal, wait: (done: () => void) => () => void): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const finish = () => {
      cleanup();
      signal.removeEventListener("abort", finish);
      resolve();
    };
    const cleanup = wait(finish);
    signal.addEventListener("abort", finish, { once: true });
  });
}

const sleep = (ms: number, signal: AbortSignal) =>
  abortable(signal, (done) => {
    const timer = setTimeout(done, ms);
    return () => clearTimeout(timer);
  });

const whenOnline = (signal: AbortSignal) =>
  typeof navigator === "undefined" || navigator.onLine !== false
    ? Promise.resolve()
    : abortable(signal, (done) => {
        window.addEventListener("online", done, { once: true });
        return () => window.removeEventListener("online", done);
      });

/** Reads one connection to its end. True when it opened (the backoff starts over). */
async function readStream(
  options: LiveEventsOptions,
  signal: AbortSignal,
  setRetry: (ms: number) => void,
): Promise<boolean> {
  const { url, headers } = apiRequest("api/events", String(options.company));
  const response = await (options.fetchImpl ?? fetch)(url, {
    headers: { ...headers, accept: "text/event-stream" },
    cache: "no-store",
    signal,
  });
  if (!response.ok || !response.body) {
    await response.body?.cancel().catch(() => undefined);
    return false;
  }
  options.onOpen?.();
  const parser = createParser({
    onRetry: (ms) => setRetry(Math.max(1_000, ms)),
    onEvent: (event) => {
      if (event.event !== "change") return;
      try {
        const change = LiveChangeSchema.safeParse(JSON.parse(event.data));
        if (change.success) options.onChange(change.data);
      } catch {
        // Not JSON: not ours.
      }
    },
  });
  const reader = response.body.getReader();
  const decoder = new TextDecoder();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      parser.feed(decoder.decode(value, { stream: true }));
    }
  } finally {
    options.onClose?.();
  }
  return true;
}

/** Starts listening; returns the stop function (on logout or a company change). */
export function startLiveEvents(options: LiveEventsOptions): () => void {
  const controller = new AbortController();
  const { signal } = controller;
  const random = options.random ?? Math.random;
  void (async () => {
    let attempt = 0;
    let retryMs = DEFAULT_RETRY_MS;
    while (!signal.aborted) {
      await whenOnline(signal);
      if (signal.aborted) break;
      let opened = false;
      try {
        opened = await readStream(options, signal, (ms) => {
          retryMs = ms;
        });
      } catch {
        // Network failure or a dropped stream: reconnect below.
      }
      if (signal.aborted) break;
      attempt = opened ? 0 : attempt + 1;
      await sleep(backoffDelay(attempt, retryMs, random), signal);
    }
  })();
  return () => controller.abort();
}
