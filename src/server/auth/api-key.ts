import { createHash, randomBytes } from "node:crypto";
import { and, eq, gt, isNull, or, sql } from "drizzle-orm";
import type { RoleKey } from "../../shared/roles";
import type { Db } from "../db/database";
import { companies } from "../db/schema/companies";
import { apiKeys } from "../db/schema/integrations";
import { users } from "../db/schema/users";
import type { ContextLookup } from "./context";

/**
 * API keys (`Authorization: Api-Key <key>`): 32 random bytes, of which only the sha256 is
 * kept. Every request reads the key's row (no cache), so a revoked or expired key is refused
 * by the next request on every instance.
 */
const KEY_PREFIX = "yl_";

export function newApiKey(): { key: string; prefix: string; hash: string } {
  const key = `${KEY_PREFIX}${randomBytes(32).toString("base64url")}`;
  return { key, prefix: key.slice(0, 10), hash: hashApiKey(key) };
}

export function hashApiKey(key: string): string {
  return createHash("sha256").update(key).digest("hex");
}

/** last_used_at is written at most once a minute per key. */
const LAST_USE_STEP = sql`interval '1 minute'`;

/**
 * The caller for an API key: the key's company with its role, on behalf of the (active)
 * admin who made it. A company header naming another company is answered as not a member.
 */
export async function loadApiKeyContext(
  db: Db,
  key: string,
  companyId: number | undefined,
): Promise<ContextLookup> {
  const [row] = await db
    .select({
      key: {
        id: apiKeys.id,
        name: apiKeys.name,
        role: apiKeys.role,
        lastUsedAt: apiKeys.lastUsedAt,
      },
      user: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
        email: users.email,
        userType: users.userType,
      },
      company: companies,
    })
    .from(apiKeys)
    .innerJoin(users, and(eq(users.id, apiKeys.createdBy), eq(users.isActive, true)))
    .innerJoin(companies, eq(companies.id, apiKeys.companyId))
    .where(
      and(
        eq(apiKeys.tokenHash, hashApiKey(key)),
        isNull(apiKeys.revokedAt),
        or(isNull(apiKeys.expiresAt), gt(apiKeys.expiresAt, sql`now()`)),
      ),
    )
    .limit(1);
  if (!row) return { kind: "dead_session" };
  if (companyId !== undefined && companyId !== row.company.id) return { kind: "not_member" };
  const lastUse = row.key.lastUsedAt?.getTime() ?? 0;
  if (Date.now() - lastUse > 60_000) await touch(db, row.key.id);
  const company = row.company;
  return {
    kind: "ok",
    auth: {
      user: row.user,
      sessionId: `api-key:${row.key.id}`,
      roles: [row.key.role as RoleKey],
      company: {
        id: company.id,
        name: company.name,
        code: company.code,
        is_trw: company.isTrw,
        has_expeditions_rrule: company.hasExpeditionsRrule,
        has_receptions_rrule: company.hasReceptionsRrule,
        lang_pt: company.langPt,
      },
      clientIds: [],
      apiKey: { id: row.key.id, name: row.key.name },
    },
  };
}

async function touch(db: Db, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(
      and(
        eq(apiKeys.id, id),
        or(isNull(apiKeys.lastUsedAt), sql`${apiKeys.lastUsedAt} < now() - ${LAST_USE_STEP}`),
      ),
    );
}
