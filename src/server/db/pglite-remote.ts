import { createRequire } from "node:module";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import type { QueryOptions, Results } from "@electric-sql/pglite";
import { type AnswerReader, answerReader } from "./pglite-answer";
import type { PgliteStart } from "./pglite-create";
import {
  isRawAnswer,
  type RawTypes,
  reviveError,
  type WorkerNotification,
  type WorkerReady,
  type WorkerReply,
  type WorkerRequest,
  type WorkerStart,
} from "./pglite-wire";

/**
 * The server thread's side of PGlite in a worker (pglite-worker.ts): the part of PGlite's
 * client Drizzle uses (query, transaction) plus exec, listen, dumpDataDir and close, each a
 * message to the worker. The worker keeps the process alive only while a request is pending,
 * as PGlite in this thread would: an open but idle database never holds the process open.
 */
export interface RemoteTransaction {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  rollback(): Promise<void>;
  readonly closed: boolean;
}

export interface PgliteRemote {
  query<T>(sql: string, params?: unknown[], options?: QueryOptions): Promise<Results<T>>;
  exec(sql: string): Promise<Results[]>;
  transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(): Promise<Blob>;
  close(): Promise<void>;
  readonly closed: boolean;
}

export type RemoteOptions = PgliteStart;

const WORKER = new URL("./pglite-worker.ts", import.meta.url);
/** A probe no date parser returns unchanged unless it returns its input. */
const PROBE = "2000-01-02 03:04:05.678+00";
const rawTypesOf = new WeakMap<object, RawTypes>();

/**
 * Drizzle asks for dates, timestamps and intervals as PostgreSQL's text (identity parsers);
 * functions cannot cross threads, so those types travel as a list and the worker applies the
 * identity there. Any other parser would silently change results: refused.
 */
function rawTypes(options: QueryOptions | undefined): RawTypes {
  const parsers = options?.parsers;
  if (!parsers) return [];
  const known = rawTypesOf.get(parsers);
  if (known) return known;
  const types = Object.entries(parsers).map(([type, parser]) => {
    if (parser(PROBE, Number(type)) !== PROBE) {
      throw new Error(`PGlite worker: the parser for type ${type} must return the text as is`);
    }
    return Number(type);
  });
  rawTypesOf.set(parsers, types);
  return types;
}

/**
 * The worker runs TypeScript through tsx, as the server does (`node --import tsx`); Node 20
 * applies no --import hooks to a worker's entry (nor does registering tsx's loader there), so a
 * one-line entry imports the TypeScript one through tsx's tsImport.
 */
const TSX_API = pathToFileURL(
  createRequire(import.meta.url)
    .resolve("tsx/esm/api")
    .replace(/\.cjs$/, ".mjs"),
).href;
const BOOT = `import(${JSON.stringify(TSX_API)}).then(({ tsImport }) =>
  tsImport(${JSON.stringify(WORKER.href)}, ${JSON.stringify(WORKER.href)}));`;

export async function startPgliteWorker(
  dataDir: string,
  options: RemoteOptions = {},
): Promise<PgliteRemote> {
  const loadDataDir = options.loadDataDir ? await options.loadDataDir.arrayBuffer() : undefined;
  const start: WorkerStart = {
    dataDir,
    ...(loadDataDir ? { loadDataDir } : {}),
    ...(options.sharedBuffers ? { sharedBuffers: options.sharedBuffers } : {}),
    ...(options.walSegmentMb ? { walSegmentMb: options.walSegmentMb } : {}),
  };
  const worker = new Worker(BOOT, {
    eval: true,
    workerData: start,
    transferList: loadDataDir ? [loadDataDir] : [],
  });
  const pending = new Map<number, { resolve(value: unknown): void; reject(error: Error): void }>();
  const channels = new Map<
    string,
    { listeners: Set<(payload: string) => void>; ready: Promise<unknown> }
  >();
  let nextId = 0;
  let stopped: Error | undefined;
  let closing: Promise<void> | undefined;

  let ready: { resolve(read: AnswerReader): void; reject(error: Error): void } | undefined;
  const started = new Promise<AnswerReader>((resolve, reject) => {
    ready = { resolve, reject };
  });

  const stop = (error: Error) => {
    stopped ??= error;
    ready?.reject(error);
    for (const { reject } of pending.values()) reject(error);
    pending.clear();
  };
  // Listeners are added, never all removed: the Worker starts and stops its port through its
  // own "newListener" and "removeListener" listeners.
  worker.on("error", (error) => stop(error));
  worker.on("exit", (code) => stop(new Error(`PGlite worker exited with ${code}`)));
  worker.on("message", (message: WorkerReply | WorkerNotification | WorkerReady) => {
    if ("ready" in message) {
      ready?.resolve(answerReader(message.arrayTypes));
      return;
    }
    if ("notify" in message) {
      for (const onPayload of channels.get(message.notify)?.listeners ?? []) {
        onPayload(message.payload);
      }
      return;
    }
    const waiting = pending.get(message.id);
    if (!waiting) return;
    pending.delete(message.id);
    if (pending.size === 0) worker.unref();
    if (message.ok) waiting.resolve(message.value);
    else waiting.reject(reviveError(message.error));
  });
  const readAnswer = await started;
  worker.unref();

  function call<T>(request: WorkerRequest): Promise<T> {
    if (stopped) return Promise.reject(stopped);
    const id = ++nextId;
    if (pending.size === 0) worker.ref();
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: (value) => resolve(value as T), reject });
      worker.postMessage({ id, request });
    });
  }

  const query = async <T>(
    sql: string,
    params: unknown[] = [],
    queryOptions?: QueryOptions,
    tx?: number,
  ): Promise<Results<T>> => {
    const answer = await call<Results<T> | unknown>({
      op: "query",
      sql,
      params,
      rowMode: queryOptions?.rowMode ?? "object",
      rawTypes: rawTypes(queryOptions),
      ...(tx === undefined ? {} : { tx }),
    });
    return isRawAnswer(answer) ? readAnswer<T>(answer.raw, queryOptions) : (answer as Results<T>);
  };

  async function transaction<T>(work: (tx: RemoteTransaction) => Promise<T>): Promise<T> {
    const tx = await call<number>({ op: "begin" });
    let closed = false;
    const open = () => {
      if (closed) throw new Error("Transaction is closed");
    };
    const client: RemoteTransaction = {
      query: async (sql, params, queryOptions) => {
        open();
        return query(sql, params, queryOptions, tx);
      },
      exec: async (sql) => {
        open();
        return call({ op: "exec", sql, tx });
      },
      rollback: async () => {
        open();
        closed = true;
        await call({ op: "rollback", tx });
      },
      get closed() {
        return closed;
      },
    };
    try {
      const result = await work(client);
      if (!closed) {
        closed = true;
        await call({ op: "commit", tx });
      }
      return result;
    } catch (error) {
      if (!closed) {
        closed = true;
        await call({ op: "rollback", tx });
      }
      throw error;
    }
  }

  /** One LISTEN per channel in the worker, however many listeners this side has. */
  async function listen(channel: string, onPayload: (payload: string) => void) {
    let entry = channels.get(channel);
    if (!entry) {
      entry = { listeners: new Set(), ready: call({ op: "listen", channel }) };
      channels.set(channel, entry);
    }
    const { listeners } = entry;
    listeners.add(onPayload);
    try {
      await entry.ready;
    } catch (error) {
      listeners.delete(onPayload);
      if (channels.get(channel) === entry) channels.delete(channel);
      throw error;
    }
    return async () => {
      listeners.delete(onPayload);
      if (listeners.size > 0 || stopped || channels.get(channel) !== entry) return;
      channels.delete(channel);
      await call({ op: "unlisten", channel });
    };
  }

  return {
    query,
    exec: (sql) => call({ op: "exec", sql }),
    transaction,
    listen,
    dumpDataDir: async () => new Blob([await call<ArrayBuffer>({ op: "dump" })]),
    close: () => {
      closing ??= (async () => {
        try {
          if (!stopped) await call({ op: "close" });
        } finally {
          stop(new Error("PGlite is closed"));
          await worker.terminate();
        }
      })();
      return closing;
    },
    get closed() {
      return stopped !== undefined;
    },
  };
}
