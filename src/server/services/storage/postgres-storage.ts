import { Readable } from "node:stream";
import { and, asc, eq, gte, sql } from "drizzle-orm";
import type { Db } from "../../db/database";
import { storedFileChunks, storedFiles } from "../../db/schema/stored-files";
import { checkedKey, type FileStorage, meter, notFoundError, writeFailure } from "./file-storage";

/** Bytes per chunk row, and chunk rows per read query: the most one transfer holds at once. */
export const CHUNK_BYTES = 512 * 1024;
const CHUNKS_PER_READ = 2;

/**
 * Files in the database (db/schema/stored-files.ts), in chunks written and read one query at
 * a time, outside any transaction, so a slow upload holds no connection between chunks. Works
 * on PGlite as on PostgreSQL; with PostgreSQL every instance shares it.
 */
export function createPostgresStorage(db: Db): FileStorage {
  const forget = (key: string) => db.delete(storedFiles).where(eq(storedFiles.key, key));
  return {
    kind: "postgres",
    async write(source, maxBytes, given) {
      const key = checkedKey(given ?? crypto.randomUUID());
      const metered = meter(source, maxBytes);
      let seq = 0;
      const save = async (parts: Buffer[]) => {
        const data = Buffer.concat(parts);
        // One round trip: the chunk, and the file's last change (the sweep spares it).
        await db.execute(sql`
          with chunk as (
            insert into ${storedFileChunks} (key, seq, data) values (${key}, ${seq}, ${data})
          )
          update ${storedFiles} set modified_at = now() where key = ${key}`);
        seq++;
      };
      try {
        // A given key (a copy) may retry a copy cut off before: it starts again.
        if (given) await forget(key);
        await db.insert(storedFiles).values({ key });
        let parts: Buffer[] = [];
        let pending = 0;
        for await (const chunk of metered.chunks) {
          parts.push(chunk);
          pending += chunk.length;
          if (pending < CHUNK_BYTES) continue;
          await save(parts);
          parts = [];
          pending = 0;
        }
        if (pending > 0) await save(parts);
        await db
          .update(storedFiles)
          .set({ size: metered.size(), complete: true, modifiedAt: sql`now()` })
          .where(eq(storedFiles.key, key));
      } catch (error) {
        // Unreachable database: the cut-off row stays for the sweep.
        await forget(key).catch(() => undefined);
        throw writeFailure(metered, error);
      }
      return { key, size: metered.size(), head: metered.head() };
    },
    read(key) {
      checkedKey(key);
      async function* chunks() {
        if (!(await isComplete(db, key))) throw notFoundError(key);
        for (let seq = 0; ; ) {
          const rows = await db
            .select({ seq: storedFileChunks.seq, data: storedFileChunks.data })
            .from(storedFileChunks)
            .where(and(eq(storedFileChunks.key, key), gte(storedFileChunks.seq, seq)))
            .orderBy(asc(storedFileChunks.seq))
            .limit(CHUNKS_PER_READ);
          for (const row of rows) yield row.data;
          if (rows.length < CHUNKS_PER_READ) return;
          seq = (rows.at(-1)?.seq ?? seq) + 1;
        }
      }
      return Readable.from(chunks(), { objectMode: false });
    },
    has: (key) => isComplete(db, checkedKey(key)),
    async remove(key) {
      await forget(checkedKey(key));
    },
    list: () =>
      db.select({ key: storedFiles.key, modified: storedFiles.modifiedAt }).from(storedFiles),
    // Unfinished writes are incomplete rows, which list() names.
    sweepUnfinished: async () => 0,
    async check() {
      await db.select({ key: storedFiles.key }).from(storedFiles).limit(1);
    },
  };
}

async function isComplete(db: Db, key: string): Promise<boolean> {
  const [row] = await db
    .select({ complete: storedFiles.complete })
    .from(storedFiles)
    .where(eq(storedFiles.key, key));
  return row?.complete === true;
}
