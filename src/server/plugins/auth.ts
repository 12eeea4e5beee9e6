import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessClaims } from "../auth/access-token";
import { createPasswordHasher } from "../auth/hasher";
import { errors } from "../errors";

/**
 * Authentication for the /api scope: `Authorization: Token <jwt>` or `Bearer <jwt>`. This hook
 * only verifies the token (no database); plugins/company-scope.ts then loads the session, user,
 * company, roles and client limits in one query and refuses a dead session or inactive user.
 */
declare module "fastify" {
  interface FastifyRequest {
    /** The verified access token's claims (set by the auth hook). */
    identity: AccessClaims | null;
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

/** The claims of the request's access token; 401 without one or with an invalid one. */
export async function verifiedClaims(
  app: FastifyInstance,
  request: FastifyRequest,
): Promise<AccessClaims> {
  const token = tokenFromHeader(request.headers.authorization);
  if (token === undefined) throw errors.notAuthenticated();
  if (token === null) throw errors.tokenNotValid();
  const claims = await app.accessTokens.verify(token);
  if (!claims) throw errors.tokenNotValid();
  return claims;
}

/** Adds the authentication hook to a scope (every route registered in it requires a token). */
export function installAuth(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request, reply) => {
    try {
      request.identity = await verifiedClaims(scope, request);
    } catch (error) {
      reply.header("www-authenticate", 'Bearer realm="api"');
      throw error;
    }
  });
}

/** Request decorations and the password hasher (its queue is shared by every route). */
export function registerAuthDecorations(app: FastifyInstance): void {
  app.decorateRequest("identity", null);
  app.decorateRequest("auth", null);
  const { passwordHashCost, hashQueue } = app.serverConfig;
  app.decorate("passwordHasher", createPasswordHasher(passwordHashCost, hashQueue));
}
