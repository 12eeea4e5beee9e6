import { randomUUID } from "node:crypto";
import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { mkdir, readdir, readFile, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { Readable } from "node:stream";
import { Transform } from "node:stream";
import { pipeline } from "node:stream/promises";

/**
 * Where attachment bytes live, behind a small interface so an S3-compatible store can replace
 * the directory. Keys are chosen here (random UUIDs), never taken from a user's file name, so a
 * name like "../../etc/passwd" is only ever text in the database.
 */
export interface StoredFile {
  key: string;
  size: number;
  /** The first bytes (up to HEAD_BYTES), for sniffing the content type. */
  head: Buffer;
}

export interface FileStorage {
  /** Streams `source` in; refuses (FileTooLargeError) past maxBytes and keeps nothing then. */
  write(source: Readable, maxBytes: number): Promise<StoredFile>;
  read(key: string): Readable;
  remove(key: string): Promise<void>;
  /** Every stored key (finished or still being written) with its last change, for the sweep. */
  list(): Promise<{ key: string; modified: Date }[]>;
  /**
   * Readiness (GET /readyz): resolves when bytes can be written here, read back and removed;
   * rejects with the cause otherwise. Leaves nothing behind and never names a stored key.
   */
  check(): Promise<void>;
}

export const HEAD_BYTES = 4100;

export class FileTooLargeError extends Error {
  override name = "FileTooLargeError";
}

const KEY = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/** Only keys this storage made reach the file system. */
function pathOf(dir: string, key: string): string {
  if (!KEY.test(key)) throw new Error("not a storage key");
  return join(dir, key);
}

/** Files in one directory (shared by the instances when they share a volume). */
export function createDirectoryStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true });
    return ready;
  };
  return {
    async write(source, maxBytes) {
      await ensureDir();
      const key = randomUUID();
      const partial = join(dir, `${key}.part`);
      let size = 0;
      const heads: Buffer[] = [];
      let headSize = 0;
      const counter = new Transform({
        transform(chunk: Buffer, _encoding, done) {
          size += chunk.length;
          if (size > maxBytes) return done(new FileTooLargeError(`larger than ${maxBytes} bytes`));
          if (headSize < HEAD_BYTES) {
            heads.push(chunk.subarray(0, HEAD_BYTES - headSize));
            headSize += Math.min(chunk.length, HEAD_BYTES - headSize);
          }
          done(null, chunk);
        },
      });
      const sink = createWriteStream(partial, { flags: "wx" });
      try {
        await pipeline(source, counter, sink);
        // The busboy file stream ends quietly when its own limit cuts it: check it too.
        if ((source as Readable & { truncated?: boolean }).truncated) {
          throw new FileTooLargeError(`larger than ${maxBytes} bytes`);
        }
        await rename(partial, pathOf(dir, key));
      } catch (error) {
        // A failed pipeline destroys the sink, whose file may still be opening: wait for it to
        // close, or the file would appear after the removal.
        if (!sink.closed) await once(sink, "close").catch(() => undefined);
        await rm(partial, { force: true });
        throw error;
      }
      return { key, size, head: Buffer.concat(heads) };
    },
    read: (key) => createReadStream(pathOf(dir, key)),
    async remove(key) {
      const path = pathOf(dir, key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.part`, { force: true })]);
    },
    async list() {
      await ensureDir();
      const names = await readdir(dir);
      const entries = await Promise.all(
        names.map(async (name) => {
          const key = name.endsWith(".part") ? name.slice(0, -5) : name;
          if (!KEY.test(key)) return null;
          const info = await stat(join(dir, name)).catch(() => null);
          return info ? { key, modified: info.mtime } : null;
        }),
      );
      return entries.filter((entry) => entry !== null);
    },
    async check() {
      await ensureDir();
      // Not a key's shape, so list() and the sweep never see it.
      const probe = join(dir, `.ready-${randomUUID()}`);
      const bytes = Buffer.from("yardline readiness probe");
      try {
        await writeFile(probe, bytes, { flag: "wx" });
        if (!(await readFile(probe)).equals(bytes))
          throw new Error("storage read back other bytes");
      } finally {
        await rm(probe, { force: true });
      }
    },
  };
}
