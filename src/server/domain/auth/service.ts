import type { FastifyInstance } from "fastify";
import type { LoginRequest, LoginResponse, RefreshResponse } from "../../../shared/contract/auth";
import {
  admitAttempt,
  clearFailures,
  loginKeys,
  pruneExpired,
  refund,
} from "../../auth/login-throttle";
import {
  createSession,
  revokeSessions,
  rotateRefreshToken,
  sessionOfRefreshToken,
} from "../../auth/sessions";
import { needsRehash } from "../../crypto/password";
import { findCredentialsByUsername, updatePasswordHash } from "../../domain/users/repository";
import { ApiError, errors } from "../../errors";
import { tokenFromHeader } from "../../plugins/auth";

/** get-token and jwt/refresh-token, kept apart from the route table. */
export async function login(
  app: FastifyInstance,
  credentials: LoginRequest,
  ip: string,
  dummyHash: () => Promise<string>,
): Promise<LoginResponse> {
  const { rateLimit, passwordHashCost } = app.serverConfig;
  const keys = loginKeys(credentials.username, ip, rateLimit);
  // Counted and checked in one statement before any hashing (auth/login-throttle.ts).
  const admission = await admitAttempt(app.db, keys, rateLimit.windowSeconds);
  if (!admission.ok) throw errors.rateLimited(admission.retryAfter);
  const { attempt } = admission;

  let user: Awaited<ReturnType<typeof findCredentialsByUsername>>;
  let matches: boolean;
  try {
    user = await findCredentialsByUsername(app.db, credentials.username);
    // Unknown users cost one scrypt as well, so timing does not reveal which usernames exist.
    const stored = user?.passwordHash ?? (await dummyHash());
    matches = await app.passwordHasher.verify(ip, credentials.password, stored);
  } catch (error) {
    // No password was checked (no hash slot, or a failure): the attempt counts nothing.
    if (error instanceof ApiError) await refund(app.db, attempt);
    throw error;
  }
  if (!user || !matches || !user.isActive) {
    await pruneExpired(app.db);
    throw errors.invalidCredentials();
  }
  await clearFailures(app.db, keys.slice(0, 1));
  await refund(app.db, attempt, keys.slice(1));
  if (needsRehash(user.passwordHash, passwordHashCost)) {
    await rehash(app, ip, user.id, credentials.password);
  }

  const session = await createSession(app.db, user.id, app.serverConfig.refreshTokenTtlSeconds);
  const access = await app.accessTokens.sign({ userId: user.id, sessionId: session.sessionId });
  return { token: access, access, refresh: session.refresh };
}

/** Stores a hash with the current parameters; when no hash slot is free, a later login will. */
async function rehash(app: FastifyInstance, ip: string, userId: number, password: string) {
  try {
    const stronger = await app.passwordHasher.hash(ip, password);
    await updatePasswordHash(app.db, userId, stronger, "rehashed");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

export async function refresh(app: FastifyInstance, presented: string): Promise<RefreshResponse> {
  const rotated = await rotateRefreshToken(
    app.db,
    presented,
    app.serverConfig.refreshTokenTtlSeconds,
  );
  if (!rotated.ok) throw errors.tokenNotValid();
  const access = await app.accessTokens.sign({
    userId: rotated.userId,
    sessionId: rotated.sessionId,
  });
  return { access, refresh: rotated.refresh };
}

/**
 * Ends the session named by the refresh token and/or the access token: its refresh tokens
 * stop rotating and its access tokens are refused from the next request on (every instance
 * reads the session row on every request). Logging out twice is not an error.
 */
export async function logout(
  app: FastifyInstance,
  authorization: string | undefined,
  refreshToken: string | undefined,
): Promise<void> {
  const token = tokenFromHeader(authorization);
  if (token === undefined && refreshToken === undefined) throw errors.notAuthenticated();
  const sessionIds = new Set<string>();
  const claims = token ? await app.accessTokens.verify(token) : null;
  if (claims) sessionIds.add(claims.sessionId);
  const family = refreshToken ? await sessionOfRefreshToken(app.db, refreshToken) : null;
  if (family) sessionIds.add(family);
  if (sessionIds.size === 0) throw errors.tokenNotValid();
  await revokeSessions(app.db, [...sessionIds], "logout");
}
