import { eq, sql } from "drizzle-orm";
import type { Db, Executor } from "../../db/database";
import { users } from "../../db/schema/users";

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

/**
 * The username of a row's writer (`updated_by`, issue 24: a 412's changed_by), or null when
 * the row names none (written before the column, by the seed, or by a deleted user).
 */
export async function writerName(db: Executor, userId: number | null): Promise<string | null> {
  if (userId === null) return null;
  const [row] = await db
    .select({ username: users.username })
    .from(users)
    .where(eq(users.id, userId));
  return row?.username ?? null;
}
