import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type Database, MIGRATIONS_FOLDER } from "./database";
import { listenOnPostgres } from "./postgres-listener";

/** A PostgreSQL server through a node-postgres pool. */
export async function openPostgres(connectionString: string): Promise<Database> {
  const pool = new pg.Pool({ connectionString, max: 10 });
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
  const probe = await pool.connect();
  probe.release();
  const db = drizzle({ client: pool });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "postgres",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    listen: (channel, handlers) => listenOnPostgres(connectionString, channel, handlers),
    close: () => {
      closing ??= pool.end();
      return closing;
    },
  };
}
