import type { FastifyRequest } from "fastify";
import type { Company } from "../../shared/contract/company";
import type { RoleKey } from "../../shared/roles";
import type { ServerConfig } from "../config";
import type { Db } from "../db/database";
import { errors } from "../errors";
import type { UserProfile } from "../routes/api/user/repository";
import type { AccessTokens } from "./access-token";

/** What every route inside /api knows about the caller, resolved before the handler runs. */
export interface AuthContext {
  user: UserProfile;
  /** The login session (refresh-token family) the access token belongs to. */
  sessionId: string;
  /** Roles of the user in `company`. */
  roles: RoleKey[];
  /** The company the request acts for (company header, or the user's first group). */
  company: Company;
  /** Clients of `company` the user is limited to; empty when not limited. */
  clientIds: number[];
}

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    serverConfig: ServerConfig;
    accessTokens: AccessTokens;
  }
  interface FastifyRequest {
    auth: AuthContext | null;
  }
}

/** The caller of an /api route; the auth hooks guarantee it is set there. */
export function authOf(request: FastifyRequest): AuthContext {
  if (!request.auth) throw errors.notAuthenticated();
  return request.auth;
}
