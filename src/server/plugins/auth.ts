import type { FastifyInstance, FastifyRequest } from "fastify";
import { errors } from "../errors";
import { findSessionUser, type UserProfile } from "../routes/api/user/repository";

/**
 * Authentication for the /api scope: `Authorization: Token <jwt>` or `Bearer <jwt>`. The token
 * must verify, and its session must still be live and its user active.
 */
export interface Identity {
  user: UserProfile;
  sessionId: string;
}

declare module "fastify" {
  interface FastifyRequest {
    identity: Identity | null;
  }
}

const SCHEMES = new Set(["token", "bearer"]);

/** The token of an Authorization header; undefined when absent, null when not Token/Bearer. */
export function tokenFromHeader(header: string | undefined): string | null | undefined {
  if (header === undefined || header.trim() === "") return undefined;
  const [scheme = "", token, ...rest] = header.trim().split(/\s+/);
  if (!SCHEMES.has(scheme.toLowerCase()) || !token || rest.length > 0) return null;
  return token;
}

async function authenticate(app: FastifyInstance, request: FastifyRequest): Promise<Identity> {
  const token = tokenFromHeader(request.headers.authorization);
  if (token === undefined) throw errors.notAuthenticated();
  if (token === null) throw errors.tokenNotValid();
  const claims = await app.accessTokens.verify(token);
  if (!claims) throw errors.tokenNotValid();
  const user = await findSessionUser(app.db, claims.userId, claims.sessionId);
  if (!user) throw errors.tokenNotValid();
  return { user, sessionId: claims.sessionId };
}

/** Adds the authentication hook to a scope (every route registered in it requires a token). */
export function installAuth(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request, reply) => {
    try {
      request.identity = await authenticate(scope, request);
    } catch (error) {
      reply.header("www-authenticate", 'Bearer realm="api"');
      throw error;
    }
  });
}

export function registerAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest("identity", null);
  app.decorateRequest("auth", null);
}
