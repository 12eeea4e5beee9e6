import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, isNull, lt, type SQL, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  IDEMPOTENCY_KEY_MAX,
  IdempotencyKey,
  isIdempotencyKey,
} from "../../shared/contract/idempotency";
import { authOf } from "../auth/context";
import type { Db, Executor } from "../db/database";
import { type IdempotencyRow, idempotencyKeys } from "../db/schema/idempotency";
import { ApiError, errors } from "../errors";
import type { InstanceLease } from "./instance-lease";

/**
 * Idempotency-Key for every non-GET request of the /api scope (ARCHITECTURE.md, "Concurrency
 * and replay"). The first request with a key claims it by inserting a pending row (the
 * (user_id, key) primary key decides who is first, on PGlite and on a PostgreSQL pool alike),
 * runs, and stores its status, body and ETag/Location in onSend, before the answer leaves.
 *
 * A repeat by the same user with the same key, method, path, company and body gets the stored
 * answer (status, ETag, Location and the body's content, header Idempotent-Replayed: true;
 * jsonb keeps no key order) and has no effect. A copy that arrives while the
 * first is still running waits for it (polling the row) and then answers the same; after
 * the wait (IDEMPOTENCY_WAIT_MS, 20 s) it gets 409 idempotency_in_progress. The same key with
 * anything else different is 422 idempotency_mismatch. Answers of 5xx and 429 are not stored:
 * the key is released and a retry runs again.
 *
 * Safe against abuse (issue 9): keys are 1..200 printable ASCII characters (anything else is a
 * 400, so a key always reads back as itself and a request never waits on its own claim), and
 * the claim is taken after the route's own preHandlers (permission guards), so a caller who
 * may not write claims nothing. A pending claim names the instance that holds it
 * (plugins/instance-lease.ts): when that instance died, a retry takes the claim over at once;
 * a pending row without an instance older than ABANDONED_MS is taken over too.
 * Records are kept RETENTION_DAYS and pruned at most once per PRUNE_EVERY_MS per instance.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export { IDEMPOTENCY_KEY_MAX };
export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
export const DEFAULT_WAIT_MS = 20_000;
const POLL_MS = 15;
const ABANDONED_MS = 120_000;
const PRUNE_EVERY_MS = 3600 * 1000;
/** Response headers a replay repeats. */
const KEPT_HEADERS = ["etag", "location"] as const;

export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: IdempotencyKey.optional().describe(
    "Makes the request safe to retry: a repeat with the same key, method, path and body " +
      "answers the stored response without acting again (kept 30 days); the same key with " +
      "a different request answers 422 idempotency_mismatch.",
  ),
});

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

export function isWriteMethod(method: string | string[]): boolean {
  return (Array.isArray(method) ? method : [method]).some(
    (each) => !SAFE_METHODS.has(each.toUpperCase()),
  );
}

interface Claim {
  key: string;
  userId: number;
}

/** What claiming needs besides the request: the database, this instance, the longest wait. */
export interface ClaimContext {
  db: Db;
  lease: InstanceLease;
  waitMs: number;
}

/** The context installIdempotency set up for a database (batch routes claim through it). */
const contexts = new WeakMap<Db, ClaimContext>();

export function claimContextOf(db: Db): ClaimContext {
  const context = contexts.get(db);
  if (!context) throw new Error("installIdempotency has not run for this database");
  return context;
}

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
  }
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
async function claim(
  context: ClaimContext,
  attempt: Attempt,
  deadline = Date.now() + context.waitMs,
): Promise<Outcome> {
  const { db, lease } = context;
  for (;;) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values({ ...attempt, instanceId: lease.id })
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
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

function storedBody(payload: unknown): unknown {
  if (payload === undefined || payload === null || payload === "") return null;
  const text = Buffer.isBuffer(payload) ? payload.toString("utf8") : payload;
  if (typeof text !== "string") return null; // streams are not stored
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

function keptHeaders(reply: FastifyReply): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const name of KEPT_HEADERS) {
    const value = reply.getHeader(name);
    if (value !== undefined) kept[name] = String(value);
  }
  return kept;
}

async function replay(reply: FastifyReply, row: IdempotencyRow): Promise<FastifyReply> {
  reply
    .code(row.statusCode ?? 200)
    .headers({ ...(row.responseHeaders ?? {}), "idempotent-replayed": "true" });
  if (row.responseBody === null || row.statusCode === 204) return reply.send();
  return reply.type("application/json; charset=utf-8").send(JSON.stringify(row.responseBody));
}

function keyOf(request: FastifyRequest): string | undefined {
  const header = request.headers[IDEMPOTENCY_HEADER];
  if (header === undefined) return undefined;
  // The route schemas validate the header; this guards routes without one.
  if (!isIdempotencyKey(header)) {
    throw errors.validation({
      [IDEMPOTENCY_HEADER]: [`Expected 1 to ${IDEMPOTENCY_KEY_MAX} printable ASCII characters`],
    });
  }
  return header;
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

/** Who holds claims: the user, on this instance (a claim taken over by another is not ours). */
export interface Claimer {
  userId: number;
  instanceId: string;
}

const pendingOf = (claimer: Claimer) =>
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

/**
 * Adds the Idempotency-Key hooks to a scope that has auth and company scope installed, for
 * the routes registered after it.
 */
export function installIdempotency(scope: FastifyInstance): void {
  let lastPrune = 0;
  const context: ClaimContext = {
    db: scope.db,
    lease: scope.instanceLease,
    waitMs: scope.serverConfig.limits.idempotencyWaitMs,
  };
  contexts.set(scope.db, context);
  scope.decorateRequest("idempotencyClaim", null);

  // The claim runs as the route's last preHandler: after authentication, company scope,
  // validation and the route's guards (requirePermission), so a caller who may not write
  // claims nothing and cannot hold keys to slow others down.
  const claimHook = async (request: FastifyRequest, reply: FastifyReply) => {
    if (SAFE_METHODS.has(request.method)) return;
    const key = keyOf(request);
    if (key === undefined) return;
    const auth = authOf(request);
    if (Date.now() - lastPrune > PRUNE_EVERY_MS) {
      lastPrune = Date.now();
      await pruneIdempotencyKeys(scope.db);
    }
    const attempt: Attempt = {
      key,
      userId: auth.user.id,
      companyId: auth.company.id,
      method: request.method,
      path: request.url,
      requestHash: requestHash(request.body),
    };
    const outcome = await claim(context, attempt);
    if (outcome.kind === "mismatch") throw errors.idempotencyMismatch();
    if (outcome.kind === "replay") return replay(reply, outcome.row);
    request.idempotencyClaim = { key, userId: auth.user.id };
  };
  scope.addHook("onRoute", (route) => {
    if (!isWriteMethod(route.method)) return;
    const own = route.preHandler;
    route.preHandler = [...(own === undefined ? [] : Array.isArray(own) ? own : [own]), claimHook];
  });

  // onSend runs for successes and errors alike, before the answer leaves: once a client has
  // an answer, a repeat finds it stored.
  scope.addHook("onSend", async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = null;
    const where = and(
      pendingOf({ userId: claimed.userId, instanceId: context.lease.id }),
      eq(idempotencyKeys.key, claimed.key),
    );
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      await scope.db.delete(idempotencyKeys).where(where);
      return payload;
    }
    await scope.db
      .update(idempotencyKeys)
      .set({
        statusCode: reply.statusCode,
        responseBody: storedBody(payload),
        responseHeaders: keptHeaders(reply),
        completedAt: new Date(),
      })
      .where(where);
    return payload;
  });
}
