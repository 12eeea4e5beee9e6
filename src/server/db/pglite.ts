import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { pg_trgm } from "@electric-sql/pglite/contrib/pg_trgm";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Database, MIGRATIONS_FOLDER } from "./database";

const MEMORY = "memory://";

export interface PgliteOptions {
  /** Start from a dump (PGlite's dumpDataDir) instead of an empty cluster: skips initdb. */
  loadDataDir?: Blob;
}

/** Embedded PostgreSQL (WebAssembly) in a directory, or in memory for tests. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  if (!dataDir.startsWith(MEMORY)) await mkdir(dataDir, { recursive: true });
  // pg_trgm: trigram indexes for the lists' "contains" filters (migration 0003).
  const extensions = { pg_trgm };
  const client = await PGlite.create(
    dataDir,
    options.loadDataDir ? { loadDataDir: options.loadDataDir, extensions } : { extensions },
  );
  const db = drizzle({ client });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    dump: async () => client.dumpDataDir("none"),
    // One process, one connection: notifications never go missing, so there is no gap.
    listen: async (channel, { onPayload }) => {
      const unlisten = await client.listen(channel, onPayload);
      return async () => {
        if (!client.closed) await unlisten().catch(() => undefined);
      };
    },
    close: () => {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}
