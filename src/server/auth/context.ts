import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import type { Company } from "../../shared/contract/company";
import type { RoleKey } from "../../shared/roles";
import type { ServerConfig } from "../config";
import type { Db } from "../db/database";
import { clientCompanies, userClients } from "../db/schema/clients";
import { companies } from "../db/schema/companies";
import { sessions } from "../db/schema/sessions";
import { memberships, userRoles, users } from "../db/schema/users";
import { errors } from "../errors";
import type { AccessTokens } from "./access-token";
import type { PasswordHasher } from "./hasher";

/** The signed-in user as every request sees them (GET api/user/auth answers it). */
export type UserProfile = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: "default" | "mexico";
};

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
  /**
   * Set when the request authenticated with an API key (auth/api-key.ts): it acts for
   * `company` with the key's role, on behalf of the admin who made it (`user`).
   */
  apiKey?: { id: number; name: string };
}

declare module "fastify" {
  interface FastifyInstance {
    db: Db;
    serverConfig: ServerConfig;
    accessTokens: AccessTokens;
    passwordHasher: PasswordHasher;
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

/**
 * The whole context in ONE statement (a named prepared statement on PostgreSQL): the live
 * session and its active user, the requested company (or the first group) among the user's
 * memberships, and the user's roles and client limits there as JSON arrays. No row: the
 * session is dead or the user inactive. A row without a company: not a member.
 */
function contextQuery(db: Db) {
  const companyId = sql`${sql.placeholder("companyId")}::int`;
  return db
    .select({
      id: users.id,
      username: users.username,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
      userType: users.userType,
      companyId: companies.id,
      companyName: companies.name,
      code: companies.code,
      isTrw: companies.isTrw,
      hasExpeditionsRrule: companies.hasExpeditionsRrule,
      hasReceptionsRrule: companies.hasReceptionsRrule,
      langPt: companies.langPt,
      roles: sql<RoleKey[]>`coalesce((select json_agg(${userRoles.role} order by ${userRoles.role})
        from ${userRoles} where ${userRoles.userId} = ${users.id}
        and ${userRoles.companyId} = ${companies.id}), '[]'::json)`,
      // The user's clients that belong to this company (a client may belong to several).
      clientIds: sql<number[]>`coalesce((select json_agg(${userClients.clientId}
        order by ${userClients.clientId}) from ${userClients} join ${clientCompanies}
        on ${clientCompanies.clientId} = ${userClients.clientId}
        where ${userClients.userId} = ${users.id} and ${clientCompanies.companyId} = ${companies.id}),
        '[]'::json)`,
    })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(
      memberships,
      and(
        eq(memberships.userId, sessions.userId),
        sql`(${companyId} is null or ${memberships.companyId} = ${companyId})`,
      ),
    )
    .leftJoin(companies, eq(companies.id, memberships.companyId))
    .where(
      and(
        eq(sessions.id, sql.placeholder("sessionId")),
        eq(sessions.userId, sql.placeholder("userId")),
        isNull(sessions.revokedAt),
        eq(users.isActive, true),
      ),
    )
    .orderBy(asc(memberships.ordering), asc(memberships.companyId))
    .limit(1)
    .prepare("yardline_auth_context");
}

const prepared = new WeakMap<Db, ReturnType<typeof contextQuery>>();

export type ContextLookup =
  | { kind: "ok"; auth: AuthContext }
  | { kind: "dead_session" }
  | { kind: "not_member" };

/** Resolves the caller for a verified access token and an (optional) company id. */
export async function loadAuthContext(
  db: Db,
  claims: { userId: number; sessionId: string },
  companyId: number | undefined,
): Promise<ContextLookup> {
  let query = prepared.get(db);
  if (!query) {
    query = contextQuery(db);
    prepared.set(db, query);
  }
  const [row] = await query.execute({
    userId: claims.userId,
    sessionId: claims.sessionId,
    companyId: companyId ?? null,
  });
  if (!row) return { kind: "dead_session" };
  if (row.companyId === null || row.companyName === null) return { kind: "not_member" };
  return {
    kind: "ok",
    auth: {
      user: {
        id: row.id,
        username: row.username,
        firstName: row.firstName,
        lastName: row.lastName,
        email: row.email,
        userType: row.userType,
      },
      sessionId: claims.sessionId,
      roles: row.roles,
      company: {
        id: row.companyId,
        name: row.companyName,
        code: row.code,
        is_trw: row.isTrw ?? false,
        has_expeditions_rrule: row.hasExpeditionsRrule ?? false,
        has_receptions_rrule: row.hasReceptionsRrule ?? false,
        lang_pt: row.langPt ?? false,
      },
      clientIds: row.clientIds,
    },
  };
}
