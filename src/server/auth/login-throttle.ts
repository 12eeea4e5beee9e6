import { and, gt, inArray, lt, sql } from "drizzle-orm";
import type { RateLimitConfig } from "../config";
import type { Db } from "../db/database";
import { loginThrottle } from "../db/schema/sessions";

/**
 * Failed-login counters kept in the database, so every instance behind a load balancer sees
 * the same counts. Fixed windows: a key's window starts at its first failure.
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

/** Seconds until the caller may try again, or null when no key is over its limit. */
export async function retryAfter(db: Db, keys: readonly ThrottleKey[]): Promise<number | null> {
  const rows = await db
    .select({
      key: loginThrottle.key,
      failures: loginThrottle.failures,
      seconds: sql<number>`ceil(extract(epoch from (${loginThrottle.resetAt} - now())))::int`,
    })
    .from(loginThrottle)
    .where(
      and(
        inArray(
          loginThrottle.key,
          keys.map((k) => k.key),
        ),
        gt(loginThrottle.resetAt, sql`now()`),
      ),
    );
  const waits = rows.flatMap((row) => {
    const limit = keys.find((k) => k.key === row.key)?.limit ?? Number.POSITIVE_INFINITY;
    return row.failures >= limit ? [Math.max(1, Number(row.seconds))] : [];
  });
  return waits.length > 0 ? Math.max(...waits) : null;
}

export async function recordFailure(
  db: Db,
  keys: readonly ThrottleKey[],
  windowSeconds: number,
): Promise<void> {
  const window = sql`now() + make_interval(secs => ${windowSeconds})`;
  await db
    .insert(loginThrottle)
    .values(keys.map(({ key }) => ({ key, failures: 1, resetAt: window })))
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        failures: sql`case when ${loginThrottle.resetAt} <= now() then 1 else ${loginThrottle.failures} + 1 end`,
        resetAt: sql`case when ${loginThrottle.resetAt} <= now() then excluded.reset_at else ${loginThrottle.resetAt} end`,
      },
    });
  // Expired windows are kept only as long as they can matter; this keeps the table small.
  await db.delete(loginThrottle).where(lt(loginThrottle.resetAt, sql`now() - interval '1 hour'`));
}

export async function clearFailures(db: Db, keys: readonly ThrottleKey[]): Promise<void> {
  await db.delete(loginThrottle).where(
    inArray(
      loginThrottle.key,
      keys.map((k) => k.key),
    ),
  );
}
