import { createHash, randomBytes, randomUUID } from "node:crypto";
import { and, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import type { Db } from "../db/database";
import { refreshTokens, sessions } from "../db/schema/sessions";
import { users } from "../db/schema/users";

/**
 * Login sessions and their refresh tokens. A refresh token is used once: using it yields a
 * new one (rotation). Presenting a used token again means it leaked, so the whole session
 * (the token family) is revoked, which also invalidates its access tokens.
 */
export type RevokeReason = "reuse" | "password_change" | "logout";

export interface IssuedSession {
  sessionId: string;
  refresh: string;
}

export type RotationResult =
  | { ok: true; userId: number; sessionId: string; refresh: string }
  | { ok: false };

function newRefreshToken(): string {
  return randomBytes(32).toString("base64url");
}

export function hashRefreshToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function expiry(ttlSeconds: number): Date {
  return new Date(Date.now() + ttlSeconds * 1000);
}

export async function createSession(
  db: Db,
  userId: number,
  ttlSeconds: number,
): Promise<IssuedSession> {
  const sessionId = randomUUID();
  const refresh = newRefreshToken();
  await db.transaction(async (tx) => {
    await tx.insert(sessions).values({ id: sessionId, userId });
    await tx
      .insert(refreshTokens)
      .values({ sessionId, tokenHash: hashRefreshToken(refresh), expiresAt: expiry(ttlSeconds) });
  });
  return { sessionId, refresh };
}

export async function revokeSession(db: Db, sessionId: string, reason: RevokeReason) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(eq(sessions.id, sessionId), isNull(sessions.revokedAt)));
}

/** Revokes every live session of the user except `keepSessionId`. */
export async function revokeOtherSessions(
  db: Db,
  userId: number,
  keepSessionId: string,
  reason: RevokeReason,
) {
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(
      and(eq(sessions.userId, userId), ne(sessions.id, keepSessionId), isNull(sessions.revokedAt)),
    );
}

export async function rotateRefreshToken(
  db: Db,
  presented: string,
  ttlSeconds: number,
): Promise<RotationResult> {
  const tokenHash = hashRefreshToken(presented);
  const outcome = await db.transaction(async (tx) => {
    const now = new Date();
    // Claim the token atomically: of two concurrent uses, only one sees used_at still null.
    const [claimed] = await tx
      .update(refreshTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(refreshTokens.tokenHash, tokenHash),
          isNull(refreshTokens.usedAt),
          gt(refreshTokens.expiresAt, now),
        ),
      )
      .returning({ sessionId: refreshTokens.sessionId });
    if (!claimed) return { claimed: false as const };

    const [live] = await tx
      .select({ userId: sessions.userId })
      .from(sessions)
      .innerJoin(users, eq(users.id, sessions.userId))
      .where(
        and(
          eq(sessions.id, claimed.sessionId),
          isNull(sessions.revokedAt),
          eq(users.isActive, true),
        ),
      );
    if (!live) return { claimed: true as const, result: { ok: false as const } };

    const refresh = newRefreshToken();
    await tx.insert(refreshTokens).values({
      sessionId: claimed.sessionId,
      tokenHash: hashRefreshToken(refresh),
      expiresAt: expiry(ttlSeconds),
    });
    const result: RotationResult = {
      ok: true,
      userId: live.userId,
      sessionId: claimed.sessionId,
      refresh,
    };
    return { claimed: true as const, result };
  });
  if (outcome.claimed) return outcome.result;

  // Unknown, expired or already used. A used one is a replay: revoke its whole family.
  const [known] = await db
    .select({ sessionId: refreshTokens.sessionId, usedAt: refreshTokens.usedAt })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, tokenHash));
  if (known?.usedAt) await revokeSession(db, known.sessionId, "reuse");
  return { ok: false };
}

/** The session a refresh token (current, used or expired) belongs to, if any. */
export async function sessionOfRefreshToken(db: Db, presented: string): Promise<string | null> {
  const [row] = await db
    .select({ sessionId: refreshTokens.sessionId })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, hashRefreshToken(presented)));
  return row?.sessionId ?? null;
}

/** Revokes the sessions (logout); already revoked ones keep their first reason. */
export async function revokeSessions(db: Db, sessionIds: readonly string[], reason: RevokeReason) {
  if (sessionIds.length === 0) return;
  await db
    .update(sessions)
    .set({ revokedAt: new Date(), revokedReason: reason })
    .where(and(inArray(sessions.id, [...sessionIds]), isNull(sessions.revokedAt)));
}
