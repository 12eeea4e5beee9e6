import { once } from "node:events";
import { createReadStream, createWriteStream } from "node:fs";
import { access, mkdir, readdir, rename, rm, stat, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import { checkedKey, type FileStorage, isStorageKey, meter, writeFailure } from "./file-storage";

/** Files in one directory (shared by the instances only when they share a volume). */
export function createDirectoryStorage(dir: string): FileStorage {
  let ready: Promise<unknown> | undefined;
  const ensureDir = () => {
    ready ??= mkdir(dir, { recursive: true }).catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };
  const pathOf = (key: string) => join(dir, checkedKey(key));
  return {
    kind: "dir",
    async write(source, maxBytes, given) {
      const key = given ?? crypto.randomUUID();
      const path = pathOf(key);
      const partial = `${path}.part`;
      const metered = meter(source, maxBytes);
      let sink: ReturnType<typeof createWriteStream> | undefined;
      try {
        await ensureDir();
        // A given key (a copy) may retry a copy cut off before: its .part is overwritten.
        sink = createWriteStream(partial, { flags: given ? "w" : "wx" });
        await pipeline(Readable.from(metered.chunks, { objectMode: false }), sink);
        await rename(partial, path);
      } catch (error) {
        // A failed pipeline destroys the sink, whose file may still be opening: wait for it to
        // close, or the file would appear after the removal.
        if (sink && !sink.closed) await once(sink, "close").catch(() => undefined);
        await rm(partial, { force: true });
        throw writeFailure(metered, error);
      }
      return { key, size: metered.size(), head: metered.head() };
    },
    read: (key) => createReadStream(pathOf(key)),
    has: (key) =>
      access(pathOf(key)).then(
        () => true,
        () => false,
      ),
    async remove(key) {
      const path = pathOf(key);
      await Promise.all([rm(path, { force: true }), rm(`${path}.part`, { force: true })]);
    },
    async list() {
      await ensureDir();
      const names = await readdir(dir);
      const entries = await Promise.all(
        names.map(async (name) => {
          const key = name.endsWith(".part") ? name.slice(0, -5) : name;
          if (!isStorageKey(key)) return null;
          const info = await stat(join(dir, name)).catch(() => null);
          return info ? { key, modified: info.mtime } : null;
        }),
      );
      return entries.filter((entry) => entry !== null);
    },
    // Unfinished writes are .part files, which list() names.
    sweepUnfinished: async () => 0,
    async check() {
      await ensureDir();
      const probe = join(dir, `.ready-${crypto.randomUUID()}`);
      await writeFile(probe, "");
      await rm(probe, { force: true });
    },
  };
}
