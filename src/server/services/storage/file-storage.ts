import type { Readable } from "node:stream";

/**
 * Where attachment bytes live, behind one interface with three kinds (ATTACHMENTS_STORAGE):
 * a directory (directory-storage.ts), the database (postgres-storage.ts) and an S3-compatible
 * object store (s3-storage.ts); create-storage.ts picks one from the config. Keys are chosen
 * here (random UUIDs), never taken from a user's file name, so a name like "../../etc/passwd"
 * is only ever text in the database.
 */
export interface StoredFile {
  key: string;
  size: number;
  /** The first bytes (up to HEAD_BYTES), for sniffing the content type. */
  head: Buffer;
}

export interface FileStorage {
  readonly kind: "dir" | "postgres" | "s3";
  /**
   * Streams `source` in under a new key (or `key`, when copying between storages); refuses
   * (FileTooLargeError) past maxBytes and keeps nothing then. A storage that cannot take the
   * bytes (unreachable, full, refused) throws StorageUnavailableError and keeps nothing.
   */
  write(source: Readable, maxBytes: number, key?: string): Promise<StoredFile>;
  /** The bytes; a missing key fails the stream with code ENOENT. */
  read(key: string): Readable;
  /** Whether a finished file is stored under `key` (storage:migrate skips those). */
  has(key: string): Promise<boolean>;
  remove(key: string): Promise<void>;
  /**
   * Every stored key with its last change, for the sweep; the directory and the database list
   * their unfinished writes here too (a .part file, an incomplete row).
   */
  list(): Promise<{ key: string; modified: Date }[]>;
  /**
   * The sweep of writes that never finished and are not in list() (S3 multipart uploads left
   * by a crash): those started at least `minAgeMs` ago are aborted, whatever their key.
   * Resolves with how many.
   */
  sweepUnfinished(minAgeMs: number): Promise<number>;
  /** Readiness: resolves when the storage can be written, throws otherwise. */
  check(): Promise<void>;
}

export const HEAD_BYTES = 4100;

export class FileTooLargeError extends Error {
  override name = "FileTooLargeError";
}

/** The storage itself failed (not the upload): the API answers 503 storage_unavailable. */
export class StorageUnavailableError extends Error {
  override name = "StorageUnavailableError";
}

/** A missing key, as the directory reports it, whatever the kind. */
export function notFoundError(key: string): Error {
  return Object.assign(new Error(`no stored file ${key}`), { code: "ENOENT" });
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only keys a storage made (UUIDs) reach a path, a row or an object name. */
export function isStorageKey(key: string): boolean {
  return KEY.test(key);
}

export function checkedKey(key: string): string {
  if (!KEY.test(key)) throw new Error("not a storage key");
  return key;
}

/**
 * The upload as a storage consumes it: the source's chunks, counted (past maxBytes:
 * FileTooLargeError), with the first bytes kept for sniffing. `failure` is set when the
 * upload itself failed (the client, the size), so a storage tells its own failures apart.
 */
export interface Metered {
  chunks: AsyncGenerator<Buffer>;
  size(): number;
  head(): Buffer;
  failure(): unknown;
  /** After a failed write: the rest of the source is read and dropped, so the request ends. */
  release(): void;
}

export function meter(source: Readable, maxBytes: number): Metered {
  let size = 0;
  const heads: Buffer[] = [];
  let headSize = 0;
  let failed: unknown;
  async function* chunks(): AsyncGenerator<Buffer> {
    try {
      for await (const chunk of source) {
        const bytes = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as Uint8Array);
        size += bytes.length;
        if (size > maxBytes) throw new FileTooLargeError(`larger than ${maxBytes} bytes`);
        if (headSize < HEAD_BYTES) {
          const part = bytes.subarray(0, HEAD_BYTES - headSize);
          heads.push(part);
          headSize += part.length;
        }
        yield bytes;
      }
      // The busboy file stream ends quietly when its own limit cuts it: check it too.
      if ((source as Readable & { truncated?: boolean }).truncated) {
        throw new FileTooLargeError(`larger than ${maxBytes} bytes`);
      }
    } catch (error) {
      failed = error;
      throw error;
    }
  }
  return {
    chunks: chunks(),
    size: () => size,
    head: () => Buffer.concat(heads),
    failure: () => failed,
    release: () => {
      if (!source.destroyed) source.resume();
    },
  };
}

/** What a failed write throws: the upload's own failure, else the storage's as unavailable. */
export function writeFailure(metered: Metered, error: unknown): unknown {
  metered.release();
  const failure = metered.failure();
  if (failure !== undefined) return failure;
  if (error instanceof StorageUnavailableError) return error;
  const reason = error instanceof Error ? error.message : String(error);
  return new StorageUnavailableError(`the file storage failed: ${reason}`, { cause: error });
}
