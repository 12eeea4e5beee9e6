import { messages } from "@electric-sql/pglite";

/**
 * What the server thread and the PGlite worker (pglite-worker.ts) say to each other over a
 * MessagePort: requests carry an id, the worker answers each once, and pushes notifications.
 */
export interface WorkerStart {
  dataDir: string;
  /** A dump (dumpDataDir's tarball) to start from; transferred, not copied. */
  loadDataDir?: ArrayBuffer;
  /** PostgreSQL's shared_buffers (pglite-create.ts); PGlite's default when unset. */
  sharedBuffers?: string;
  /** initdb's WAL segment size in MB for a new cluster (pglite-create.ts). */
  walSegmentMb?: number;
}

/** Type OIDs whose values the caller wants as PostgreSQL's text (Drizzle's date parsers). */
export type RawTypes = number[];

export type WorkerRequest =
  | {
      op: "query";
      sql: string;
      params: unknown[];
      rowMode: "array" | "object";
      rawTypes: RawTypes;
      /** The transaction it belongs to; without one it waits for any open transaction. */
      tx?: number;
    }
  | { op: "exec"; sql: string; tx?: number }
  | { op: "begin" }
  | { op: "commit"; tx: number }
  | { op: "rollback"; tx: number }
  | { op: "listen"; channel: string }
  | { op: "unlisten"; channel: string }
  | { op: "dump" }
  | { op: "close" };

/**
 * A query's answer as PostgreSQL's protocol bytes (transferred, not copied): the server thread
 * parses them (pglite-remote.ts), so the worker spends its turn on the database alone. Only
 * answers without an error or a notification travel so (pglite-statements.ts).
 */
export interface RawAnswer {
  raw: ArrayBuffer;
}

export function isRawAnswer(value: unknown): value is RawAnswer {
  return (
    typeof value === "object" && value !== null && (value as RawAnswer).raw instanceof ArrayBuffer
  );
}

export type WorkerReply =
  | { id: number; ok: true; value: unknown }
  | { id: number; ok: false; error: SerializedError };

/** The worker's first message: PGlite is open. */
export interface WorkerReady {
  ready: true;
  /**
   * The array types PGlite parses there, as [element type, array type] (PGlite adds a parser
   * per array type when it opens): the server thread parses RawAnswers with the same ones.
   */
  arrayTypes: [number, number][];
}

export interface WorkerNotification {
  notify: string;
  payload: string;
}

/** An error as plain data: its message, name and every field PostgreSQL reported. */
export interface SerializedError {
  message: string;
  name: string;
  database: boolean;
  fields: Record<string, unknown>;
}

/** Own enumerable fields that survive structured cloning (code, constraint, detail, query...). */
export function serializeError(error: unknown): SerializedError {
  if (!(error instanceof Error)) {
    return { message: String(error), name: "Error", database: false, fields: {} };
  }
  const fields: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(error)) {
    if (typeof value !== "function" && typeof value !== "object") fields[key] = value;
    else if (key === "params" && Array.isArray(value)) fields[key] = value;
  }
  return {
    message: error.message,
    name: error.name,
    database: error instanceof messages.DatabaseError,
    fields,
  };
}

/**
 * The error again on this side: a PostgreSQL error is a DatabaseError with its SQLSTATE
 * (`code`), `constraint` and the rest, as PGlite in this thread would have thrown it, so
 * errors.ts and Drizzle's wrapping see no difference.
 */
export function reviveError(serialized: SerializedError): Error {
  const length = Number(serialized.fields.length ?? 0);
  const error = serialized.database
    ? new messages.DatabaseError(serialized.message, length, "error")
    : new Error(serialized.message);
  return Object.assign(error, serialized.fields, { name: serialized.name });
}
