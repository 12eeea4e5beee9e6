import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";

const MEMORY = "memory://";

export interface PgliteStart {
  /** Start from a dump (PGlite's dumpDataDir) instead of an empty cluster: skips initdb. */
  loadDataDir?: Blob | undefined;
  /**
   * PostgreSQL's page cache (shared_buffers), PGlite's default 128MB when unset. Every start
   * allocates and clears it: a test database of a few megabytes starts in 0.7 s with 16MB
   * instead of 1.1 s (test/pglite-template.ts).
   */
  sharedBuffers?: string | undefined;
  /**
   * WAL segment size in MB of a new cluster (initdb's --wal-segsize, a power of 2), 16 when
   * unset. A dump carries the whole current segment: a test template made with 1 MB segments
   * is 15 MB smaller, and every test database copies it (test/pglite-template.ts).
   */
  walSegmentMb?: number | undefined;
}

/**
 * A PGlite cluster in a directory or in memory, in the calling thread (pglite.ts inline, or
 * the worker of pglite-worker.ts), with the extensions the migrations need.
 */
export async function createPglite(dataDir: string, start: PgliteStart): Promise<PGlite> {
  if (!dataDir.startsWith(MEMORY)) await mkdir(dataDir, { recursive: true });
  return PGlite.create(dataDir, {
    // pg_trgm: trigram indexes for the lists' "contains" filters (migration 0003).
    extensions: { pg_trgm },
    ...(start.loadDataDir ? { loadDataDir: start.loadDataDir } : {}),
    ...(start.walSegmentMb ? { initDbStartParams: [`--wal-segsize=${start.walSegmentMb}`] } : {}),
    ...(start.sharedBuffers
      ? {
          startParams: [
            ...PGlite.defaultStartParams,
            "-c",
            `shared_buffers=${start.sharedBuffers}`,
          ],
        }
      : {}),
  });
}
