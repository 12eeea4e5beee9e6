import { and, asc, count, eq, inArray, type SQL, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import { clientCompanies, clients } from "../../db/schema/clients";
import { memberships } from "../../db/schema/users";

/**
 * SQL of api/client. A client is visible in a company when a client_companies row links them;
 * a user limited to some clients (`limitedTo`) sees only those.
 */
export interface ClientScope {
  companyId: number;
  /** Empty: not limited. */
  limitedTo: readonly number[];
}

export interface ClientView {
  id: number;
  description: string;
  email: string;
  notes: string;
  version: number;
  companies: number[];
}

const companiesOfClient = sql<number[]>`coalesce((select json_agg(${clientCompanies.companyId}
  order by ${clientCompanies.companyId}) from ${clientCompanies}
  where ${clientCompanies.clientId} = ${clients.id}), '[]'::json)`;

function visible(scope: ClientScope, ...more: (SQL | undefined)[]) {
  return and(
    sql`exists (select 1 from ${clientCompanies} where ${clientCompanies.clientId} = ${clients.id}
      and ${clientCompanies.companyId} = ${scope.companyId})`,
    scope.limitedTo.length > 0 ? inArray(clients.id, [...scope.limitedTo]) : undefined,
    ...more,
  );
}

const viewColumns = {
  id: clients.id,
  description: clients.description,
  email: clients.email,
  notes: clients.notes,
  version: clients.version,
  companies: companiesOfClient,
};

export interface ClientFilter {
  search?: string | undefined;
  ids?: readonly number[] | undefined;
  limit: number;
  offset: number;
}

export async function listClients(
  db: Executor,
  scope: ClientScope,
  filter: ClientFilter,
): Promise<{ count: number; rows: ClientView[] }> {
  const where = visible(
    scope,
    filter.search ? sql`${clients.description} ilike ${containsPattern(filter.search)}` : undefined,
    filter.ids ? inArray(clients.id, [...filter.ids]) : undefined,
  );
  const [total] = await db.select({ n: count() }).from(clients).where(where);
  const rows = await db
    .select(viewColumns)
    .from(clients)
    .where(where)
    .orderBy(asc(clients.description), asc(clients.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

export async function findClient(
  db: Executor,
  scope: ClientScope,
  id: number,
): Promise<ClientView | undefined> {
  const [row] = await db
    .select(viewColumns)
    .from(clients)
    .where(visible(scope, eq(clients.id, id)));
  return row;
}

/** The companies among `ids` that the user belongs to. */
export async function memberCompanies(
  db: Executor,
  userId: number,
  ids: readonly number[],
): Promise<Set<number>> {
  if (ids.length === 0) return new Set();
  const rows = await db
    .select({ id: memberships.companyId })
    .from(memberships)
    .where(and(eq(memberships.userId, userId), inArray(memberships.companyId, [...ids])));
  return new Set(rows.map((row) => row.id));
}

export interface ClientValues {
  description: string;
  email: string;
  notes: string;
}

export async function insertClient(
  db: Executor,
  companyId: number,
  values: ClientValues,
  companyIds: readonly number[],
): Promise<number> {
  const [row] = await db
    .insert(clients)
    .values({ companyId, ...values })
    .returning({ id: clients.id });
  if (!row) throw new Error("insert returned no row");
  await db
    .insert(clientCompanies)
    .values(companyIds.map((company) => ({ clientId: row.id, companyId: company })));
  return row.id;
}

/** Updates the client at `version`; false when it moved on. */
export async function updateClient(
  db: Executor,
  id: number,
  version: number,
  values: ClientValues,
): Promise<boolean> {
  const updated = await db
    .update(clients)
    .set({ ...values, version: sql`${clients.version} + 1`, updatedAt: new Date() })
    .where(and(eq(clients.id, id), eq(clients.version, version)))
    .returning({ id: clients.id });
  return updated.length > 0;
}

/**
 * Sets the client's companies among `editable` (the user's) to `wanted`; links to companies
 * the user does not belong to stay as they are.
 */
export async function setClientCompanies(
  db: Executor,
  id: number,
  editable: readonly number[],
  wanted: readonly number[],
): Promise<void> {
  const dropped = editable.filter((company) => !wanted.includes(company));
  if (dropped.length > 0) {
    await db
      .delete(clientCompanies)
      .where(and(eq(clientCompanies.clientId, id), inArray(clientCompanies.companyId, dropped)));
  }
  if (wanted.length > 0) {
    await db
      .insert(clientCompanies)
      .values(wanted.map((company) => ({ clientId: id, companyId: company })))
      .onConflictDoNothing();
  }
}

/**
 * Takes the client out of `companyId`; the client row goes when no company is left (its lines
 * keep working without a client: the foreign key sets null).
 */
export async function removeClientFromCompany(
  db: Executor,
  id: number,
  companyId: number,
): Promise<void> {
  await db
    .delete(clientCompanies)
    .where(and(eq(clientCompanies.clientId, id), eq(clientCompanies.companyId, companyId)));
  await db
    .delete(clients)
    .where(
      and(
        eq(clients.id, id),
        sql`not exists (select 1 from ${clientCompanies} where ${clientCompanies.clientId} = ${clients.id})`,
      ),
    );
}
