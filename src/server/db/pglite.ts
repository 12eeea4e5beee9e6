import type { PGlite } from "@electric-sql/pglite";
import { drizzle, type PgliteDatabase } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Database, MIGRATIONS_FOLDER } from "./database";
import { createPglite, type PgliteStart } from "./pglite-create";
import { startPgliteWorker } from "./pglite-remote";

/**
 * Where PGlite runs: "worker" (the default) in a worker thread of its own, so the server
 * thread's work and the database's overlap and queries with parameters are prepared once
 * (pglite-statements.ts); "inline" in the calling thread, PGlite's own client as it comes.
 */
export type PgliteThread = "worker" | "inline";

export interface PgliteOptions extends PgliteStart {
  thread?: PgliteThread;
}

/** The part of a PGlite client this adapter uses: PGlite itself, or its worker's remote. */
interface PgliteClient {
  exec(sql: string): Promise<unknown>;
  listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>>;
  dumpDataDir(compression: "none"): Promise<Blob | File>;
  close(): Promise<void>;
  readonly closed: boolean;
}

async function openInline(dataDir: string, options: PgliteOptions) {
  const client = await createPglite(dataDir, options);
  return { client, db: drizzle({ client }) };
}

async function openInWorker(dataDir: string, options: PgliteOptions) {
  const remote = await startPgliteWorker(dataDir, options);
  // Drizzle's PGlite driver calls only query and transaction, which the remote answers alike
  // (pglite-remote.ts); its type names the whole PGlite class.
  return { client: remote, db: drizzle({ client: remote as unknown as PGlite }) };
}

/** Embedded PostgreSQL (WebAssembly) in a directory, or in memory for tests. */
export async function openPglite(dataDir: string, options: PgliteOptions = {}): Promise<Database> {
  const { client, db }: { client: PgliteClient; db: PgliteDatabase } =
    (options.thread ?? "worker") === "worker"
      ? await openInWorker(dataDir, options)
      : await openInline(dataDir, options);
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
