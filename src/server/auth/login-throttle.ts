import { and, eq, inArray, lt, sql } from "drizzle-orm";
import type { RateLimitConfig } from "../config";
import type { Db } from "../db/database";
import { loginThrottle } from "../db/schema/sessions";

/**
 * Failed-login counters kept in the database, so every instance behind a load balancer sees
 * the same counts. Fixed windows: a key's window starts at its first attempt.
 *
 * Count first, check after, hash last: `admitAttempt` counts the attempt against every key in
 * ONE statement (the row lock of INSERT ... ON CONFLICT DO UPDATE serialises concurrent
 * attempts, each sees its own count), so of N parallel attempts at most `limit` are admitted,
 * on every instance. An admitted attempt stays counted when the password is wrong; the caller
 * gives the count back (`refund`) when no password was checked (refused, or no hash slot) or
 * when it was right.
 */
export interface ThrottleKey {
  key: string;
  limit: number;
}

export function loginKeys(username: string, ip: string, limits: RateLimitConfig): ThrottleKey[] {
  return [
    { key: `login:user:${username.toLowerCase()}|ip:${ip}`, limit: limits.maxFailuresPerUser },
    { key: `login:ip:${ip}`, limit: limits.maxFailuresPerIp },
  ];
}

export function passwordChangeKeys(userId: number, limits: RateLimitConfig): ThrottleKey[] {
  return [{ key: `password:user:${userId}`, limit: limits.maxFailuresPerUser }];
}

/** An admitted attempt: the window of each key it was counted in. */
export interface Attempt {
  windows: ReadonlyMap<string, Date>;
}

export type Admission = { ok: true; attempt: Attempt } | { ok: false; retryAfter: number };

/** Counts one attempt against every key; refuses it (and gives the counts back) when over. */
export async function admitAttempt(
  db: Db,
  keys: readonly ThrottleKey[],
  windowSeconds: number,
): Promise<Admission> {
  // Millisecond windows survive the round trip through a JS Date (used by refund to match).
  const window = sql`date_trunc('milliseconds', now() + make_interval(secs => ${windowSeconds}))`;
  // One lock order for every statement (sorted keys), so concurrent attempts never deadlock.
  const sorted = [...keys].sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0));
  const rows = await db
    .insert(loginThrottle)
    .values(sorted.map(({ key }) => ({ key, failures: 1, resetAt: window })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.resetAt} <= now() then 1 else ${loginThrottle.failures} + 1 end`,
        resetAt: sql`case when ${loginThrottle.resetAt} <= now() then excluded.reset_at else ${loginThrottle.resetAt} end`,
      },
    })
    .returning({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      resetAt: loginThrottle.resetAt,
      seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.resetAt} - now())))::int`,
    });
  const attempt: Attempt = { windows: new Map(rows.map((row) => [row.key, row.resetAt])) };
  const waits = rows.flatMap((row) => {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? Number.POSITIVE_INFINITY;
    return row.failures > limit ? [Math.max(1, Number(row.seconds))] : [];
  });
  if (waits.length === 0) return { ok: true, attempt };
  await refund(db, attempt);
  return { ok: false, retryAfter: Math.max(...waits) };
}

/**
 * Takes the attempt back from its keys (only within the windows it was counted in). One
 * statement per key: each locks one row, so it can never deadlock with an admission.
 */
export async function refund(
  db: Db,
  attempt: Attempt,
  keys: readonly ThrottleKey[] | undefined = undefined,
): Promise<void> {
  const names = keys ? new Set(keys.map((k) => k.key)) : undefined;
  for (const [key, resetAt] of attempt.windows) {
    if (names && !names.has(key)) continue;
    await db
      .update(loginThrottle)
      .set({ failures: sql`greatest(${loginThrottle.failures} - 1, 0)` })
      .where(and(eq(loginThrottle.key, key), eq(loginThrottle.resetAt, resetAt)));
  }
}

export async function clearFailures(db: Db, keys: readonly ThrottleKey[]): Promise<void> {
  for (const { key } of keys) await db.delete(loginThrottle).where(eq(loginThrottle.key, key));
}

/**
 * Expired windows are kept only as long as they can matter; this keeps the table small. Rows
 * are locked in key order (as admissions lock them) and busy ones skipped: no deadlock, no wait.
 */
export async function pruneExpired(db: Db): Promise<void> {
  const expired = db
    .select({ key: loginThrottle.key })
    .from(loginThrottle)
    .where(lt(loginThrottle.resetAt, sql`now() - interval '1 hour'`))
    .orderBy(loginThrottle.key)
    .limit(500)
    .for("update", { skipLocked: true });
  await db.delete(loginThrottle).where(inArray(loginThrottle.key, expired));
}
