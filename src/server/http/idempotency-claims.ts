import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import { isIdempotencyKey } from "../../shared/contract/idempotency";
import type { Db, Executor } from "../db/database";
import { columnPlaceholder, preparedPerShape } from "../db/prepared-per-shape";
import { type IdempotencyRow, idempotencyKeys } from "../db/schema/idempotency";
import { ApiError, errors } from "../errors";

/**
 * The Idempotency-Key records (table idempotency_keys): claiming a key, storing the answer
 * for its repeats, giving it back, pruning. plugins/idempotency.ts claims one key per write
 * request through them; the batch of queued shipment changes (domain/shipments/batch.ts)
 * claims many at once. A pending claim names the instance that holds it (InstanceLease,
 * plugins/instance-lease.ts), so a crashed instance's claims are taken over at once.
 */
export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
const POLL_MS = 15;
const ABANDONED_MS = 120_000;

/** This running instance, as its claims name it. */
export interface InstanceLease {
  /** This instance's id, recorded on its claims. */
  readonly id: string;
  /** Whether the instance that recorded a claim still runs (null: claims before leases). */
  holderAlive(instanceId: string | null): Promise<boolean>;
}

/** What claiming needs besides the request: the database, this instance, the longest wait. */
export interface ClaimContext {
  db: Db;
  lease: InstanceLease;
  waitMs: number;
}

/** The context installIdempotency set up for a database (batch routes claim through it). */
const contexts = new WeakMap<Db, ClaimContext>();

export function registerClaimContext(context: ClaimContext): void {
  contexts.set(context.db, context);
}

export function claimContextOf(db: Db): ClaimContext {
  const context = contexts.get(db);
  if (!context) throw new Error("installIdempotency has not run for this database");
  return context;
}

/** JSON with object keys sorted, so equal bodies hash equally whatever their key order. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value as Record<string, unknown>)
      .filter(([, inner]) => inner !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([key, inner]) => `${JSON.stringify(key)}:${canonical(inner)}`).join(",")}}`;
  }
  return JSON.stringify(value ?? null);
}

export function requestHash(body: unknown): string {
  return createHash("sha256").update(canonical(body)).digest("hex");
}

export interface Attempt {
  key: string;
  userId: number;
  companyId: number;
  method: string;
  path: string;
  requestHash: string;
}

export type Outcome =
  | { kind: "claimed" }
  | { kind: "replay"; row: IdempotencyRow }
  | { kind: "mismatch" };

/**
 * The claim's insert and the answer's update, prepared once per database: every write request
 * runs both, and building them with Drizzle cost more than running them (issue 30).
 */
const claimStatementsOf = preparedPerShape<ReturnType<typeof buildClaimStatements>>("claim");

function buildClaimStatements(db: Db, name: string) {
  const value = (key: string) => sql.placeholder(key);
  return {
    insert: db
      .insert(idempotencyKeys)
      .values({
        key: value("key"),
        userId: value("userId"),
        companyId: value("companyId"),
        method: value("method"),
        path: value("path"),
        requestHash: value("requestHash"),
        instanceId: value("instanceId"),
      })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key })
      .prepare(`${name}_insert`),
    store: db
      .update(idempotencyKeys)
      .set({
        statusCode: columnPlaceholder("statusCode", idempotencyKeys.statusCode),
        responseBody: columnPlaceholder("responseBody", idempotencyKeys.responseBody),
        responseHeaders: columnPlaceholder("responseHeaders", idempotencyKeys.responseHeaders),
        completedAt: columnPlaceholder("completedAt", idempotencyKeys.completedAt),
      })
      .where(
        and(
          eq(idempotencyKeys.userId, value("userId")),
          isNull(idempotencyKeys.statusCode),
          eq(idempotencyKeys.instanceId, value("instanceId")),
          eq(idempotencyKeys.key, value("key")),
        ),
      )
      .prepare(`${name}_store`),
  };
}

function claimStatements(db: Db) {
  const statements = claimStatementsOf(db, "claim", (name) => buildClaimStatements(db, name));
  // One shape: never past the limit.
  if (!statements) throw new Error("the claim statements were not built");
  return statements;
}

const sameRecord = (attempt: Pick<Attempt, "userId" | "key">) =>
  and(eq(idempotencyKeys.userId, attempt.userId), eq(idempotencyKeys.key, attempt.key));

/**
 * What makes a record free to take: expired, or a pending claim whose holder is gone (its
 * instance died, or, for a claim without an instance, it is older than ABANDONED_MS). The
 * condition deletes only that record as it was read (timestamps are compared by range: the
 * database keeps microseconds, a Date milliseconds).
 */
async function staleRecord(context: ClaimContext, row: IdempotencyRow): Promise<SQL | null> {
  const now = Date.now();
  if (now - row.createdAt.getTime() > RETENTION_DAYS * DAY_MS) {
    return lt(idempotencyKeys.createdAt, new Date(now - RETENTION_DAYS * DAY_MS));
  }
  if (row.statusCode !== null) return null;
  if (row.instanceId === null) {
    if (now - row.createdAt.getTime() <= ABANDONED_MS) return null;
    return (
      and(
        isNull(idempotencyKeys.statusCode),
        isNull(idempotencyKeys.instanceId),
        lt(idempotencyKeys.createdAt, new Date(now - ABANDONED_MS)),
      ) ?? sql`false`
    );
  }
  if (await context.lease.holderAlive(row.instanceId)) return null;
  return (
    and(isNull(idempotencyKeys.statusCode), eq(idempotencyKeys.instanceId, row.instanceId)) ??
    sql`false`
  );
}

/**
 * Claims the key, or finds the stored (or, after waiting until `deadline`, completed) answer
 * for it. Only ever waits on a claim of another request: the caller's own keys are validated
 * (printable ASCII), so an insert it made always reads back under the same key.
 */
export async function claim(
  context: ClaimContext,
  attempt: Attempt,
  deadline = Date.now() + context.waitMs,
): Promise<Outcome> {
  const { db, lease } = context;
  for (;;) {
    const inserted = await claimStatements(db).insert.execute({
      key: attempt.key,
      userId: attempt.userId,
      companyId: attempt.companyId,
      method: attempt.method,
      path: attempt.path,
      requestHash: attempt.requestHash,
      instanceId: lease.id,
    });
    if (inserted.length > 0) return { kind: "claimed" };

    const [row] = await db.select().from(idempotencyKeys).where(sameRecord(attempt));
    if (!row) continue; // released (5xx) or pruned in between: claim it again
    const stale = await staleRecord(context, row);
    if (stale) {
      await db.delete(idempotencyKeys).where(and(sameRecord(attempt), stale));
      continue;
    }
    const same =
      row.method === attempt.method &&
      row.path === attempt.path &&
      row.companyId === attempt.companyId &&
      row.requestHash === attempt.requestHash;
    if (!same) return { kind: "mismatch" };
    if (row.statusCode !== null) return { kind: "replay", row };
    if (Date.now() >= deadline) throw errors.idempotencyInProgress();
    await sleep(POLL_MS);
  }
}

/**
 * claim() for many requests of one user at once (a batch of queued changes): one insert claims
 * every new key; a key already recorded goes through claim() (its stored answer, a mismatch,
 * or waiting for a copy still running; the whole batch waits at most `waitMs` in all, then
 * each key still running answers idempotency_in_progress). The keys must be valid and
 * distinct (the contract refuses anything else with a 400): a key listed twice would wait on
 * its own claim.
 */
export async function claimAll(
  context: ClaimContext,
  attempts: readonly Attempt[],
): Promise<Map<string, Outcome | ApiError>> {
  const outcomes = new Map<string, Outcome | ApiError>();
  if (attempts.length === 0) return outcomes;
  const keys = attempts.map((attempt) => attempt.key);
  if (new Set(keys).size !== keys.length || !keys.every(isIdempotencyKey)) {
    throw errors.validation({ changes: ["Each change needs its own valid key"] });
  }
  const inserted = await context.db
    .insert(idempotencyKeys)
    .values(attempts.map((attempt) => ({ ...attempt, instanceId: context.lease.id })))
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const claimed = new Set(inserted.map((row) => row.key));
  const deadline = Date.now() + context.waitMs;
  for (const attempt of attempts) {
    if (claimed.has(attempt.key)) {
      outcomes.set(attempt.key, { kind: "claimed" });
      continue;
    }
    try {
      outcomes.set(attempt.key, await claim(context, attempt, deadline));
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.set(attempt.key, error);
    }
  }
  return outcomes;
}

/** A claimed request's answer, stored for its repeats (the onSend hook's work, for many). */
export interface StoredAnswer {
  key: string;
  statusCode: number;
  body: unknown;
  headers: Record<string, string>;
}

export async function storeAll(
  db: Executor,
  claimer: Claimer,
  answers: readonly StoredAnswer[],
): Promise<void> {
  if (answers.length === 0) return;
  const values = JSON.stringify(
    answers.map((answer) => ({
      key: answer.key,
      status_code: answer.statusCode,
      response_body: answer.body ?? null,
      response_headers: answer.headers,
    })),
  );
  // One statement for the whole batch: only the pending records of these keys take an answer.
  await db.execute(sql`
    update ${idempotencyKeys} set status_code = v.status_code,
      response_body = v.response_body, response_headers = v.response_headers,
      completed_at = ${new Date().toISOString()}
    from jsonb_to_recordset(${values}::jsonb)
      as v(key text, status_code smallint, response_body jsonb, response_headers jsonb)
    where ${idempotencyKeys.userId} = ${claimer.userId} and ${idempotencyKeys.key} = v.key
      and ${idempotencyKeys.statusCode} is null
      and ${idempotencyKeys.instanceId} = ${claimer.instanceId}`);
}

/** One claimed request's answer (the onSend hook: releaseAll instead for a 5xx or 429). */
export async function storeAnswer(db: Db, claimer: Claimer, answer: StoredAnswer): Promise<void> {
  await claimStatements(db).store.execute({
    statusCode: answer.statusCode,
    responseBody: answer.body,
    responseHeaders: answer.headers,
    completedAt: new Date(),
    userId: claimer.userId,
    instanceId: claimer.instanceId,
    key: answer.key,
  });
}

/** Who holds claims: the user, on this instance (a claim taken over by another is not ours). */
export interface Claimer {
  userId: number;
  instanceId: string;
}

export const pendingOf = (claimer: Claimer) =>
  and(
    eq(idempotencyKeys.userId, claimer.userId),
    isNull(idempotencyKeys.statusCode),
    eq(idempotencyKeys.instanceId, claimer.instanceId),
  );

/** Gives claimed keys back (the batch failed before answering): their retry runs again. */
export async function releaseAll(db: Db, claimer: Claimer, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(idempotencyKeys)
    .where(and(pendingOf(claimer), inArray(idempotencyKeys.key, [...keys])));
}

/** Deletes records older than the retention period (an indexed range delete). */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - RETENTION_DAYS * DAY_MS)));
}
