import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { z } from "zod";
import {
  IDEMPOTENCY_KEY_MAX,
  IdempotencyKey,
  isIdempotencyKey,
} from "../../shared/contract/idempotency";
import { authOf } from "../auth/context";
import type { IdempotencyRow } from "../db/schema/idempotency";
import { errors } from "../errors";
import {
  type Attempt,
  type ClaimContext,
  type Claimer,
  claim,
  pruneIdempotencyKeys,
  registerClaimContext,
  releaseAll,
  requestHash,
  storeAnswer,
} from "../http/idempotency-claims";

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

declare module "fastify" {
  interface FastifyRequest {
    idempotencyClaim: Claim | null;
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
  registerClaimContext(context);
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
    scope.metrics.idempotencyClaimsInFlight.inc();
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
    scope.metrics.idempotencyClaimsInFlight.dec();
    const claimer: Claimer = { userId: claimed.userId, instanceId: context.lease.id };
    if (reply.statusCode >= 500 || reply.statusCode === 429) {
      await releaseAll(scope.db, claimer, [claimed.key]);
      return payload;
    }
    await storeAnswer(scope.db, claimer, {
      key: claimed.key,
      statusCode: reply.statusCode,
      body: storedBody(payload),
      headers: keptHeaders(reply),
    });
    return payload;
  });
}
