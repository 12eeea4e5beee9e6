import { createHash } from "node:crypto";
import { setTimeout as sleep } from "node:timers/promises";
import { and, eq, inArray, isNull, lt, sql } from "drizzle-orm";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import { authOf } from "../auth/context";
import type { Db, Executor } from "../db/database";
import { type IdempotencyRow, idempotencyKeys } from "../db/schema/idempotency";
import { ApiError, errors } from "../errors";

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
 * WAIT_MS it gets 409 idempotency_in_progress. The same key with anything else different is
 * 422 idempotency_mismatch. Answers of 5xx and 429 are not stored: the key is released and a
 * retry runs again. A pending row older than ABANDONED_MS (its server died) is taken over.
 * Records are kept RETENTION_DAYS and pruned at most once per PRUNE_EVERY_MS per instance.
 */
export const IDEMPOTENCY_HEADER = "idempotency-key";
export const IDEMPOTENCY_KEY_MAX = 200;
export const RETENTION_DAYS = 30;
const DAY_MS = 24 * 3600 * 1000;
const WAIT_MS = 20_000;
const POLL_MS = 15;
const ABANDONED_MS = 120_000;
const PRUNE_EVERY_MS = 3600 * 1000;
/** Response headers a replay repeats. */
const KEPT_HEADERS = ["etag", "location"] as const;

export const IdempotencyHeaders = z.object({
  [IDEMPOTENCY_HEADER]: z
    .string()
    .min(1, { message: "Must not be empty" })
    .max(IDEMPOTENCY_KEY_MAX, { message: `At most ${IDEMPOTENCY_KEY_MAX} characters` })
    .optional()
    .describe(
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

/** Claims the key, or finds the stored (or, after waiting, completed) answer for it. */
async function claim(db: Db, attempt: Attempt): Promise<Outcome> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const inserted = await db
      .insert(idempotencyKeys)
      .values(attempt)
      .onConflictDoNothing()
      .returning({ key: idempotencyKeys.key });
    if (inserted.length > 0) return { kind: "claimed" };

    const [row] = await db.select().from(idempotencyKeys).where(sameRecord(attempt));
    if (!row) continue; // released (5xx) or pruned in between: claim it again
    const age = Date.now() - row.createdAt.getTime();
    const expired = age > RETENTION_DAYS * DAY_MS;
    const abandoned = row.statusCode === null && age > ABANDONED_MS;
    if (expired || abandoned) {
      await db
        .delete(idempotencyKeys)
        .where(and(sameRecord(attempt), eq(idempotencyKeys.createdAt, row.createdAt)));
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
  if (typeof header !== "string" || header.length === 0 || header.length > IDEMPOTENCY_KEY_MAX) {
    throw errors.validation({
      [IDEMPOTENCY_HEADER]: [`Expected 1 to ${IDEMPOTENCY_KEY_MAX} characters`],
    });
  }
  return header;
}

/**
 * claim() for many requests of one user at once (a batch of queued changes): one insert claims
 * every new key; a key already recorded goes through claim() (its stored answer, a mismatch,
 * or waiting for a copy still running, which throws idempotency_in_progress after WAIT_MS).
 */
export async function claimAll(
  db: Db,
  attempts: readonly Attempt[],
): Promise<Map<string, Outcome | ApiError>> {
  const outcomes = new Map<string, Outcome | ApiError>();
  if (attempts.length === 0) return outcomes;
  const inserted = await db
    .insert(idempotencyKeys)
    .values([...attempts])
    .onConflictDoNothing()
    .returning({ key: idempotencyKeys.key });
  const claimed = new Set(inserted.map((row) => row.key));
  for (const attempt of attempts) {
    if (claimed.has(attempt.key)) {
      outcomes.set(attempt.key, { kind: "claimed" });
      continue;
    }
    try {
      outcomes.set(attempt.key, await claim(db, attempt));
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
  userId: number,
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
    where ${idempotencyKeys.userId} = ${userId} and ${idempotencyKeys.key} = v.key
      and ${idempotencyKeys.statusCode} is null`);
}

/** Gives claimed keys back (the batch failed before answering): their retry runs again. */
export async function releaseAll(db: Db, userId: number, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db
    .delete(idempotencyKeys)
    .where(
      and(
        eq(idempotencyKeys.userId, userId),
        inArray(idempotencyKeys.key, [...keys]),
        isNull(idempotencyKeys.statusCode),
      ),
    );
}

/** Deletes records older than the retention period (an indexed range delete). */
export async function pruneIdempotencyKeys(db: Db, now = new Date()): Promise<void> {
  await db
    .delete(idempotencyKeys)
    .where(lt(idempotencyKeys.createdAt, new Date(now.getTime() - RETENTION_DAYS * DAY_MS)));
}

/** Adds the Idempotency-Key hooks to a scope that has auth and company scope installed. */
export function installIdempotency(scope: FastifyInstance): void {
  let lastPrune = 0;
  scope.decorateRequest("idempotencyClaim", null);

  // preHandler: after authentication, company scope and validation, before the route's own
  // guards, so that a repeat answers what the first request answered, whatever it was.
  scope.addHook("preHandler", async (request, reply) => {
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
    const outcome = await claim(scope.db, attempt);
    if (outcome.kind === "mismatch") throw errors.idempotencyMismatch();
    if (outcome.kind === "replay") return replay(reply, outcome.row);
    request.idempotencyClaim = { key, userId: auth.user.id };
  });

  // onSend runs for successes and errors alike, before the answer leaves: once a client has
  // an answer, a repeat finds it stored.
  scope.addHook("onSend", async (request, reply, payload) => {
    const claimed = request.idempotencyClaim;
    if (!claimed) return payload;
    request.idempotencyClaim = null;
    const where = and(
      eq(idempotencyKeys.userId, claimed.userId),
      eq(idempotencyKeys.key, claimed.key),
      isNull(idempotencyKeys.statusCode),
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
