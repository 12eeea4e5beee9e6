import type { LoginRequest, LoginResponse, RefreshResponse } from "../../../shared/contract/auth";
import type { AccessTokens } from "../../auth/access-token";
import type { PasswordHasher } from "../../auth/hasher";
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
import type { ServerConfig } from "../../config";
import { needsRehash } from "../../crypto/password";
import type { Db } from "../../db/database";
import { ApiError, errors } from "../../errors";
import { findCredentialsByUsername, updatePasswordHash } from "../users/repository";

/** What signing in reads from the server's configuration. */
export type SessionConfig = Pick<
  ServerConfig,
  "rateLimit" | "passwordHashCost" | "refreshTokenTtlSeconds"
>;

/** get-token, jwt/refresh-token and jwt/logout, kept apart from the route table. */
export async function login(
  db: Db,
  credentials: LoginRequest,
  deps: {
    hasher: PasswordHasher;
    accessTokens: AccessTokens;
    config: SessionConfig;
    /** The caller's address: the throttle's key and the hash queue's line. */
    client: string;
    /** The hash an unknown username is checked against (createDummyHash). */
    dummyHash: () => Promise<string>;
  },
): Promise<LoginResponse> {
  const { hasher, accessTokens, config, client: ip, dummyHash } = deps;
  const { rateLimit, passwordHashCost } = config;
  const keys = loginKeys(credentials.username, ip, rateLimit);
  // Counted and checked in one statement before any hashing (auth/login-throttle.ts).
  const admission = await admitAttempt(db, keys, rateLimit.windowSeconds);
  if (!admission.ok) throw errors.rateLimited(admission.retryAfter);
  const { attempt } = admission;

  let user: Awaited<ReturnType<typeof findCredentialsByUsername>>;
  let matches: boolean;
  try {
    user = await findCredentialsByUsername(db, credentials.username);
    // Unknown users cost one scrypt as well, so timing does not reveal which usernames exist.
    const stored = user?.passwordHash ?? (await dummyHash());
    matches = await hasher.verify(ip, credentials.password, stored);
  } catch (error) {
    // No password was checked (no hash slot, or a failure): the attempt counts nothing.
    if (error instanceof ApiError) await refund(db, attempt);
    throw error;
  }
  if (!user || !matches || !user.isActive) {
    await pruneExpired(db);
    throw errors.invalidCredentials();
  }
  await clearFailures(db, keys.slice(0, 1));
  await refund(db, attempt, keys.slice(1));
  if (needsRehash(user.passwordHash, passwordHashCost)) {
    await rehash(db, hasher, ip, user.id, credentials.password);
  }

  const session = await createSession(db, user.id, config.refreshTokenTtlSeconds);
  const access = await accessTokens.sign({ userId: user.id, sessionId: session.sessionId });
  return { token: access, access, refresh: session.refresh };
}

/** Stores a hash with the current parameters; when no hash slot is free, a later login will. */
async function rehash(
  db: Db,
  hasher: PasswordHasher,
  ip: string,
  userId: number,
  password: string,
) {
  try {
    const stronger = await hasher.hash(ip, password);
    await updatePasswordHash(db, userId, stronger, "rehashed");
  } catch (error) {
    if (!(error instanceof ApiError)) throw error;
  }
}

export async function refresh(
  db: Db,
  presented: string,
  deps: { accessTokens: AccessTokens; config: Pick<SessionConfig, "refreshTokenTtlSeconds"> },
): Promise<RefreshResponse> {
  const rotated = await rotateRefreshToken(db, presented, deps.config.refreshTokenTtlSeconds);
  if (!rotated.ok) throw errors.tokenNotValid();
  const access = await deps.accessTokens.sign({
    userId: rotated.userId,
    sessionId: rotated.sessionId,
  });
  return { access, refresh: rotated.refresh };
}

/**
 * Ends the session named by the refresh token and/or the access token: its refresh tokens
 * stop rotating and its access tokens are refused from the next request on (every instance
 * reads the session row on every request). Logging out twice is not an error. `token` is the
 * Authorization header's token (plugins/auth.ts tokenFromHeader: undefined without a header,
 * null when it is not a Bearer token).
 */
export async function logout(
  db: Db,
  tokens: { token: string | null | undefined; refreshToken: string | undefined },
  deps: { accessTokens: AccessTokens },
): Promise<void> {
  const { token, refreshToken } = tokens;
  if (token === undefined && refreshToken === undefined) throw errors.notAuthenticated();
  const sessionIds = new Set<string>();
  const claims = token ? await deps.accessTokens.verify(token) : null;
  if (claims) sessionIds.add(claims.sessionId);
  const family = refreshToken ? await sessionOfRefreshToken(db, refreshToken) : null;
  if (family) sessionIds.add(family);
  if (sessionIds.size === 0) throw errors.tokenNotValid();
  await revokeSessions(db, [...sessionIds], "logout");
}
