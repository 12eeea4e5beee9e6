import { and, asc, count, eq, inArray, sql } from "drizzle-orm";
import type { RoleKey } from "../../../shared/roles";
import type { Db, Executor } from "../../db/database";
import { clientCompanies, userClients } from "../../db/schema/clients";
import { memberships, type UserRow, userRoles, users } from "../../db/schema/users";

/** A user as the administration screens see it from one company. */
export interface AdminUserView {
  user: UserRow;
  /** All the user's companies (the presenter keeps those the caller shares). */
  companyIds: number[];
  /** Roles in the viewing company. */
  roles: RoleKey[];
  /** Clients of the viewing company the user is limited to. */
  clientIds: number[];
}

const memberOfCompany = (companyId: number) =>
  sql`exists (select 1 from ${memberships} where ${memberships.userId} = ${users.id}
    and ${memberships.companyId} = ${companyId})`;

async function viewsOf(db: Executor, companyId: number, rows: UserRow[]): Promise<AdminUserView[]> {
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const [links, roles, clients] = await Promise.all([
    db
      .select({ userId: memberships.userId, companyId: memberships.companyId })
      .from(memberships)
      .where(inArray(memberships.userId, ids))
      .orderBy(asc(memberships.ordering), asc(memberships.companyId)),
    db
      .select({ userId: userRoles.userId, role: userRoles.role })
      .from(userRoles)
      .where(and(inArray(userRoles.userId, ids), eq(userRoles.companyId, companyId)))
      .orderBy(asc(userRoles.role)),
    db
      .select({ userId: userClients.userId, clientId: userClients.clientId })
      .from(userClients)
      .innerJoin(clientCompanies, eq(clientCompanies.clientId, userClients.clientId))
      .where(and(inArray(userClients.userId, ids), eq(clientCompanies.companyId, companyId)))
      .orderBy(asc(userClients.clientId)),
  ]);
  return rows.map((user) => ({
    user,
    companyIds: links.filter((link) => link.userId === user.id).map((link) => link.companyId),
    roles: roles.filter((role) => role.userId === user.id).map((role) => role.role),
    clientIds: clients.filter((client) => client.userId === user.id).map((c) => c.clientId),
  }));
}

/** Active members of the company, by username. */
export async function listCompanyUsers(
  db: Db,
  companyId: number,
  paging: { limit: number; offset: number },
): Promise<{ count: number; rows: AdminUserView[] }> {
  const where = and(eq(users.isActive, true), memberOfCompany(companyId));
  const [total] = await db.select({ n: count() }).from(users).where(where);
  const rows = await db
    .select()
    .from(users)
    .where(where)
    .orderBy(asc(users.username), asc(users.id))
    .limit(paging.limit)
    .offset(paging.offset);
  return { count: total?.n ?? 0, rows: await viewsOf(db, companyId, rows) };
}

/**
 * A user of the company, active or deleted: a deleted user is still read (history names
 * them), as long as they were ever a member here or still are.
 */
export async function findCompanyUser(
  db: Executor,
  companyId: number,
  id: number,
): Promise<AdminUserView | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), memberOfCompany(companyId)));
  if (!row) return undefined;
  const [view] = await viewsOf(db, companyId, [row]);
  return view;
}

export async function usernameTaken(db: Executor, username: string): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`lower(${users.username}) = lower(${username})`);
  return row !== undefined;
}

/** Ids among `clientIds` that belong to the company. */
export async function companyClients(
  db: Executor,
  companyId: number,
  clientIds: readonly number[],
): Promise<number[]> {
  if (clientIds.length === 0) return [];
  const rows = await db
    .select({ id: clientCompanies.clientId })
    .from(clientCompanies)
    .where(
      and(
        eq(clientCompanies.companyId, companyId),
        inArray(clientCompanies.clientId, [...clientIds]),
      ),
    );
  return rows.map((row) => row.id);
}

export interface NewAdminUser {
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  passwordHash: string;
  companyIds: number[];
  roles: RoleKey[];
  clientIds: number[];
}

/** Creates the user, their memberships, the roles in each company and the client limits. */
export async function insertAdminUser(db: Db, values: NewAdminUser): Promise<number> {
  return db.transaction(async (tx) => {
    const [row] = await tx
      .insert(users)
      .values({
        username: values.username,
        firstName: values.firstName,
        lastName: values.lastName,
        email: values.email,
        passwordHash: values.passwordHash,
      })
      .returning({ id: users.id });
    if (!row) throw new Error("insert returned no row");
    await tx
      .insert(memberships)
      .values(
        values.companyIds.map((companyId, ordering) => ({ userId: row.id, companyId, ordering })),
      );
    await tx
      .insert(userRoles)
      .values(
        values.companyIds.flatMap((companyId) =>
          values.roles.map((role) => ({ userId: row.id, companyId, role })),
        ),
      );
    if (values.clientIds.length > 0) {
      await tx
        .insert(userClients)
        .values(values.clientIds.map((clientId) => ({ userId: row.id, clientId })));
    }
    return row.id;
  });
}

/** Replaces the user's roles in the company; bumps the user's version. */
export async function replaceRoles(
  db: Db,
  userId: number,
  companyId: number,
  roles: readonly RoleKey[],
): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(userRoles)
      .where(and(eq(userRoles.userId, userId), eq(userRoles.companyId, companyId)));
    await tx.insert(userRoles).values(roles.map((role) => ({ userId, companyId, role })));
    await tx
      .update(users)
      .set({ version: sql`${users.version} + 1`, updatedAt: new Date() })
      .where(eq(users.id, userId));
  });
}

/**
 * Deleting from a company ends the membership there (its roles go with it). A user left
 * without companies is deactivated: the row stays, so history keeps their name.
 */
export async function removeFromCompany(db: Db, userId: number, companyId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .delete(memberships)
      .where(and(eq(memberships.userId, userId), eq(memberships.companyId, companyId)));
    const [left] = await tx
      .select({ n: count() })
      .from(memberships)
      .where(eq(memberships.userId, userId));
    await tx
      .update(users)
      .set({
        ...((left?.n ?? 0) === 0 ? { isActive: false } : {}),
        version: sql`${users.version} + 1`,
        updatedAt: new Date(),
      })
      .where(eq(users.id, userId));
  });
}
