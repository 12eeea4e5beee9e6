import { and, asc, count, eq, type SQL } from "drizzle-orm";
import type { Db } from "../../db/database";
import { type CompanyRow, companies } from "../../db/schema/companies";
import { dockSchedules } from "../../db/schema/scheduling";
import { memberships } from "../../db/schema/users";

/** The user's companies in group order (ordering, then id). */
function memberOf(userId: number, extra?: SQL) {
  return extra ? and(eq(memberships.userId, userId), extra) : eq(memberships.userId, userId);
}

export async function companiesOf(
  db: Db,
  userId: number,
  filter: { id?: number | undefined; limit: number; offset: number },
): Promise<{ count: number; rows: { company: CompanyRow; timeZone: string | null }[] }> {
  const where = memberOf(userId, filter.id === undefined ? undefined : eq(companies.id, filter.id));
  const [total] = await db
    .select({ n: count() })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(where);
  const rows = await db
    .select({ company: companies, timeZone: dockSchedules.timeZone })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .leftJoin(dockSchedules, eq(dockSchedules.companyId, companies.id))
    .where(where)
    .orderBy(asc(memberships.ordering), asc(companies.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

/** The company if the user belongs to it; with no id, the user's first group. */
export async function memberCompany(
  db: Db,
  userId: number,
  companyId: number | undefined,
): Promise<CompanyRow | undefined> {
  const where = memberOf(userId, companyId === undefined ? undefined : eq(companies.id, companyId));
  const [row] = await db
    .select({ company: companies })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(where)
    .orderBy(asc(memberships.ordering), asc(companies.id))
    .limit(1);
  return row?.company;
}

/** The user's groups as api/user/auth lists them. */
export async function groupsOf(db: Db, userId: number): Promise<{ id: number; name: string }[]> {
  return db
    .select({ id: companies.id, name: companies.name })
    .from(memberships)
    .innerJoin(companies, eq(companies.id, memberships.companyId))
    .where(eq(memberships.userId, userId))
    .orderBy(asc(memberships.ordering), asc(companies.id));
}
