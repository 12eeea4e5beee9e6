import type { Database } from "./database";

export interface DatabaseOptions {
  /** PostgreSQL connection string; when set, node-postgres is used. */
  databaseUrl?: string | undefined;
  /** PGlite data directory, or "memory://". Used when databaseUrl is unset. */
  dataDir: string;
  /** Where PGlite runs (db/pglite.ts); a worker thread unless "inline". */
  pgliteThread?: "worker" | "inline" | undefined;
}

/**
 * Opens the process's database: PostgreSQL when a URL is given, else PGlite. Kept apart from
 * database.ts (the types both adapters implement), so the adapters import nothing that
 * imports them.
 */
export async function openDatabase(options: DatabaseOptions): Promise<Database> {
  if (options.databaseUrl) {
    const { openPostgres } = await import("./postgres");
    return openPostgres(options.databaseUrl);
  }
  const { openPglite } = await import("./pglite");
  return openPglite(options.dataDir, { thread: options.pgliteThread ?? "worker" });
}
