import { randomUUID } from "node:crypto";
import { sql } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { keepDedicatedConnection } from "../db/dedicated-connection";
import type { InstanceLease } from "../http/idempotency-claims";

/**
 * Ties this server instance's pending Idempotency-Key claims to its life (issue 9). Each
 * instance gets a fresh id and, on PostgreSQL, holds a session-level advisory lock on that id
 * over a dedicated connection for as long as it runs; a claim records the id. A request that
 * finds someone else's pending claim asks whether the holder lives: if the holder's lock can
 * be taken (pg_try_advisory_xact_lock, released again at once), the holder's connection is
 * gone (a crash, kill -9, a lost network) and the claim is taken over at once instead of
 * waiting out a timeout. PGlite runs in one process: a claim of another instance id was left
 * by an earlier process, so it is always stale.
 *
 * If the lease connection drops while the instance lives, the lock is taken again on
 * reconnect; meanwhile another instance may take over this one's pending claims (the rows
 * then answer whoever finishes first, and a repeat never runs twice at the same time).
 */
declare module "fastify" {
  interface FastifyInstance {
    instanceLease: InstanceLease;
  }
}

/** Advisory lock class (two-key form, so no other advisory lock user shares the space). */
export const LEASE_LOCK_CLASS = 0x594c_4e31;

/** The SQL that holds (or tries) the lease of an instance id. */
export const leaseLockSql = (fn: "pg_advisory_lock" | "pg_try_advisory_xact_lock") =>
  `select ${fn}(${LEASE_LOCK_CLASS}, hashtext($1)) as locked`;

/** Holds the advisory lock of `id` on its own connection, re-taking it after a reconnect. */
function holdLease(
  connectionString: string,
  id: string,
  warn: (message: string) => void,
): Promise<() => Promise<void>> {
  // Ending the connection (the returned function) releases the lock.
  return keepDedicatedConnection(connectionString, {
    setUp: async (client) => {
      await client.query(leaseLockSql("pg_advisory_lock"), [id]);
    },
    onLost: () => warn("instance lease connection lost; taking the lease again"),
  });
}

/** node-postgres answers { rows }: whether the first row says the lock was taken. */
function lockedIn(result: unknown): boolean {
  const rows = (result as { rows?: { locked?: unknown }[] } | null)?.rows;
  return rows?.[0]?.locked === true;
}

export async function registerInstanceLease(
  app: FastifyInstance,
  database: Database,
  connectionString: string | undefined,
): Promise<void> {
  const id = randomUUID();
  if (database.kind === "pglite" || !connectionString) {
    app.decorate("instanceLease", {
      id,
      holderAlive: async (instanceId) => instanceId === null || instanceId === id,
    } satisfies InstanceLease);
    return;
  }
  const release = await holdLease(connectionString, id, (message) => app.log.warn(message));
  app.decorate("instanceLease", {
    id,
    async holderAlive(instanceId) {
      if (instanceId === null || instanceId === id) return true;
      // One statement is one transaction: the lock, if we got it, is released at its end.
      const result: unknown = await database.db.execute(
        sql`select pg_try_advisory_xact_lock(${LEASE_LOCK_CLASS}, hashtext(${instanceId})) as locked`,
      );
      return !lockedIn(result);
    },
  } satisfies InstanceLease);
  app.addHook("onClose", release);
}
