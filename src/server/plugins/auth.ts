import type { FastifyInstance, FastifyRequest } from "fastify";
import type { AccessClaims } from "../auth/access-token";
import { createPasswordHasher } from "../auth/hasher";
import { errors } from "../errors";

/**
 * Authentication for the /api scope: `Authorization: Token <jwt>`, `Bearer <jwt>` or
 * `Api-Key <key>`. This hook
 * only verifies the token (no database); plugins/company-scope.ts then loads the session, user,
 * company, roles and client limits in one query and refuses a dead session or inactive user.
 */
declare module "fastify" {
  interface FastifyRequest {
    /** The verified access token's claims (set by the auth hook). */
    identity: AccessClaims | null;
    /** The API key of an `Authorization: Api-Key <key>` request (auth/api-key.ts). */
    apiKeyToken: string | null;
  }
}

const SCHEMES = new Set(["token", "bearer"]);
const API_KEY_SCHEME = "api-key";

/** The key of an `Authorization: Api-Key <key>` header, or null. */
export function apiKeyFromHeader(header: string | undefined): string | null {
  const [scheme = "", key, ...rest] = (header ?? "").trim().split(/\s+/);
  if (scheme.toLowerCase() !== API_KEY_SCHEME || !key || rest.length > 0) return null;
  return key;
}

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
      // An API key is checked against its row by the company scope (plugins/company-scope.ts).
      request.apiKeyToken = apiKeyFromHeader(request.headers.authorization);
      if (request.apiKeyToken) return;
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
  app.decorateRequest("apiKeyToken", null);
  app.decorateRequest("auth", null);
  const { passwordHashCost, hashQueue } = app.serverConfig;
  app.decorate("passwordHasher", createPasswordHasher(passwordHashCost, hashQueue));
}
