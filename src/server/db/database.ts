import { fileURLToPath } from "node:url";
import type { PgDatabase, PgQueryResultHKT } from "drizzle-orm/pg-core";

/** The Drizzle interface both adapters expose; repositories only ever see this. */
export type Db = PgDatabase<PgQueryResultHKT>;

/** A transaction handle or the database itself: repositories accept either. */
export type Executor = Db | Parameters<Parameters<Db["transaction"]>[0]>[0];

export interface Database {
  db: Db;
  kind: "pglite" | "postgres";
  /** Applies the SQL migrations in src/server/db/migrations that have not run yet. */
  migrate(): Promise<void>;
  /** PGlite only: the whole cluster as a tarball, to start other instances from. */
  dump?: () => Promise<Blob>;
  /**
   * LISTEN on a channel: `onPayload` gets each NOTIFY payload (delivered at commit). `onGap`
   * is called after a lost connection was re-established, when notifications in between may
   * be lost. Resolves to the unsubscribe (which never throws).
   */
  listen(channel: string, handlers: ListenHandlers): Promise<() => Promise<void>>;
  /** PostgreSQL only: the pool's connections now (GET /metrics). */
  poolStats?: () => PoolStats;
  /** Closes the pool or PGlite (flushing its files); safe to call twice. */
  close(): Promise<void>;
}

export interface PoolStats {
  /** Open connections, busy or idle. */
  total: number;
  idle: number;
  /** Queries waiting for a free connection. */
  waiting: number;
}

/**
 * The channel migration 0028's triggers announce auth changes on (sessions, users, memberships,
 * roles, client limits, companies): every instance forgets its kept auth contexts
 * (auth/context-cache.ts).
 */
export const AUTH_CHANGES_CHANNEL = "yardline_auth";

export interface ListenHandlers {
  onPayload(payload: string): void;
  /** PostgreSQL only: the listening connection dropped; nothing is heard until `onGap`. */
  onLost?(): void;
  onGap?(): void;
  /**
   * Also hear this database's own commits at once: `onPayload` runs when the writing
   * transaction commits, before its statement's promise settles, so the writer's next request
   * already sees the effect. PGlite always delivers them so; on PostgreSQL the notice sent after
   * commit (deferred-notify.ts) also comes back later, so such a payload arrives twice.
   */
  ownCommits?: boolean;
}

export const MIGRATIONS_FOLDER = fileURLToPath(new URL("./migrations", import.meta.url));
