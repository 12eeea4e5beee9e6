import { mkdir } from "node:fs/promises";
import { PGlite } from "@electric-sql/pglite";
import { drizzle } from "drizzle-orm/pglite";
import { migrate } from "drizzle-orm/pglite/migrator";
import { type Database, MIGRATIONS_FOLDER } from "./database";

const MEMORY = "memory://";

/** Embedded PostgreSQL (WebAssembly) in a directory, or in memory for tests. */
export async function openPglite(dataDir: string): Promise<Database> {
  if (!dataDir.startsWith(MEMORY)) await mkdir(dataDir, { recursive: true });
  const client = await PGlite.create(dataDir);
  const db = drizzle({ client });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "pglite",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    close: () => {
      closing ??= client.closed ? Promise.resolve() : client.close();
      return closing;
    },
  };
}
