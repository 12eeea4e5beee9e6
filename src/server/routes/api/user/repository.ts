import { and, asc, eq, isNull, sql } from "drizzle-orm";
import type { RoleKey } from "../../../../shared/roles";
import type { Db } from "../../../db/database";
import { clients, userClients } from "../../../db/schema/clients";
import { sessions } from "../../../db/schema/sessions";
import { userRoles, users } from "../../../db/schema/users";

const profileColumns = {
  id: users.id,
  username: users.username,
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  userType: users.userType,
};

export type UserProfile = {
  id: number;
  username: string;
  firstName: string;
  lastName: string;
  email: string;
  userType: "default" | "mexico";
};

export interface Credentials {
  id: number;
  passwordHash: string;
  isActive: boolean;
}

export async function findCredentialsByUsername(
  db: Db,
  username: string,
): Promise<Credentials | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.username, username));
  return row;
}

export async function findCredentialsById(db: Db, id: number): Promise<Credentials | undefined> {
  const [row] = await db
    .select({ id: users.id, passwordHash: users.passwordHash, isActive: users.isActive })
    .from(users)
    .where(eq(users.id, id));
  return row;
}

/** The active user behind a live (not revoked) session, or undefined. */
export async function findSessionUser(
  db: Db,
  userId: number,
  sessionId: string,
): Promise<UserProfile | undefined> {
  const [row] = await db
    .select(profileColumns)
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .where(
      and(
        eq(sessions.id, sessionId),
        eq(sessions.userId, userId),
        isNull(sessions.revokedAt),
        eq(users.isActive, true),
      ),
    );
  return row;
}

export async function rolesIn(db: Db, userId: number, companyId: number): Promise<RoleKey[]> {
  const rows = await db
    .select({ role: userRoles.role })
    .from(userRoles)
    .where(and(eq(userRoles.userId, userId), eq(userRoles.companyId, companyId)))
    .orderBy(asc(userRoles.role));
  return rows.map((row) => row.role);
}

/** Ids of the clients the user is limited to within the company. */
export async function clientIdsIn(db: Db, userId: number, companyId: number): Promise<number[]> {
  const rows = await db
    .select({ id: clients.id })
    .from(userClients)
    .innerJoin(clients, eq(clients.id, userClients.clientId))
    .where(and(eq(userClients.userId, userId), eq(clients.companyId, companyId)))
    .orderBy(asc(clients.id));
  return rows.map((row) => row.id);
}

/**
 * Stores a new password hash. A change by the user bumps the row version; a silent rehash at
 * login (stronger parameters) does not, so it never conflicts with an edit in flight.
 */
export async function updatePasswordHash(
  db: Db,
  userId: number,
  passwordHash: string,
  change: "changed" | "rehashed",
) {
  await db
    .update(users)
    .set(
      change === "changed"
        ? { passwordHash, updatedAt: new Date(), version: sql`${users.version} + 1` }
        : { passwordHash },
    )
    .where(eq(users.id, userId));
}
