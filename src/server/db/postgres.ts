import { drizzle } from "drizzle-orm/node-postgres";
import { migrate } from "drizzle-orm/node-postgres/migrator";
import pg from "pg";
import { type Database, MIGRATIONS_FOLDER } from "./database";
import { keepDedicatedConnection } from "./dedicated-connection";
import { collectNotices, DEFER_NOTIFY_OPTION, noticeSender } from "./deferred-notify";
import { listenOnPostgres } from "./postgres-listener";

/**
 * Listeners that hear this pool's own committed notices at commit (ListenHandlers.ownCommits),
 * before the NOTIFY sent afterwards comes back through LISTEN.
 */
function ownCommitListeners() {
  const byChannel = new Map<string, Set<(payload: string) => void>>();
  return {
    add(channel: string, onPayload: (payload: string) => void): () => void {
      const listeners = byChannel.get(channel) ?? new Set();
      byChannel.set(channel, listeners);
      listeners.add(onPayload);
      return () => listeners.delete(onPayload);
    },
    hear(committed: readonly { channel: string; payload: string }[]): void {
      for (const { channel, payload } of committed) {
        for (const onPayload of byChannel.get(channel) ?? []) onPayload(payload);
      }
    },
  };
}

/** A PostgreSQL server through a node-postgres pool. */
export async function openPostgres(connectionString: string): Promise<Database> {
  // No JIT: compiling a plan cost the BI's one-year queries 130-530 ms more than it saved
  // (EXPLAIN ANALYZE over 1,000,000 lines), and the lists never run long enough to gain from it.
  // Change notices go out after commit (db/deferred-notify.ts: a NOTIFY in the transaction
  // serialises every writer's commit across the server).
  const pool = new pg.Pool({
    connectionString,
    max: 10,
    options: `-c jit=off ${DEFER_NOTIFY_OPTION}`,
  });
  const notices = noticeSender(pool);
  const own = ownCommitListeners();
  pool.on("connect", (client) =>
    collectNotices(client, (committed) => {
      own.hear(committed);
      notices.add(committed);
    }),
  );
  // An idle client losing its connection must not crash the process; the pool replaces it.
  pool.on("error", (error) => console.error(`PostgreSQL idle client error: ${error.message}`));
  const probe = await pool.connect();
  probe.release();
  const stopSending = await keepDedicatedConnection(connectionString, {
    setUp: async (client) => notices.use(client),
    onLost: () => notices.use(null),
  });
  const db = drizzle({ client: pool });
  let closing: Promise<void> | undefined;
  return {
    db,
    kind: "postgres",
    migrate: () => migrate(db, { migrationsFolder: MIGRATIONS_FOLDER }),
    poolStats: () => ({
      total: pool.totalCount,
      idle: pool.idleCount,
      waiting: pool.waitingCount,
    }),
    listen: async (channel, handlers) => {
      const stop = await listenOnPostgres(connectionString, channel, handlers);
      if (!handlers.ownCommits) return stop;
      const forget = own.add(channel, handlers.onPayload);
      return async () => {
        forget();
        await stop();
      };
    },
    close: () => {
      closing ??= notices
        .flush()
        .then(() => stopSending())
        .then(() => pool.end());
      return closing;
    },
  };
}
