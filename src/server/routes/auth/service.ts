import type { FastifyInstance } from "fastify";
import type { LoginRequest, LoginResponse, RefreshResponse } from "../../../shared/contract/auth";
import { clearFailures, loginKeys, recordFailure, retryAfter } from "../../auth/login-throttle";
import { hashPassword, needsRehash, verifyPassword } from "../../auth/password";
import { createSession, rotateRefreshToken } from "../../auth/sessions";
import { errors } from "../../errors";
import { findCredentialsByUsername, updatePasswordHash } from "../api/user/repository";

/** get-token and jwt/refresh-token, kept apart from the route table. */
export async function login(
  app: FastifyInstance,
  credentials: LoginRequest,
  ip: string,
  dummyHash: () => Promise<string>,
): Promise<LoginResponse> {
  const config = app.serverConfig;
  const keys = loginKeys(credentials.username, ip, config.rateLimit);
  const wait = await retryAfter(app.db, keys);
  if (wait !== null) throw errors.rateLimited(wait);

  const user = await findCredentialsByUsername(app.db, credentials.username);
  // Unknown users cost one scrypt as well, so timing does not reveal which usernames exist.
  const matches = await verifyPassword(
    credentials.password,
    user?.passwordHash ?? (await dummyHash()),
  );
  if (!user || !matches || !user.isActive) {
    await recordFailure(app.db, keys, config.rateLimit.windowSeconds);
    throw errors.invalidCredentials();
  }
  await clearFailures(app.db, keys.slice(0, 1));
  if (needsRehash(user.passwordHash, config.passwordHashCost)) {
    const stronger = await hashPassword(credentials.password, config.passwordHashCost);
    await updatePasswordHash(app.db, user.id, stronger, "rehashed");
  }

  const session = await createSession(app.db, user.id, config.refreshTokenTtlSeconds);
  const access = await app.accessTokens.sign({ userId: user.id, sessionId: session.sessionId });
  return { token: access, access, refresh: session.refresh };
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
