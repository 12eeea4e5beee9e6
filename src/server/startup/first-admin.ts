import { count, eq } from "drizzle-orm";
import {
  PASSWORD_MAX,
  PASSWORD_MIN,
  USERNAME_MAX,
  USERNAME_PATTERN,
} from "../../shared/contract/users";
import type { AdminConfig } from "../config";
import { hashPassword } from "../crypto/password";
import type { Db } from "../db/database";
import { DEMO_PASSWORD } from "../db/demo-data";
import { isUniqueViolation } from "../db/errors";
import { companies } from "../db/schema/companies";
import { memberships, userRoles, users } from "../db/schema/users";

/**
 * The first admin of a production install: from YARDLINE_ADMIN_* at a production start
 * (when the database has no user yet) or from `npm run create-admin` (scripts/create-admin.ts).
 * The admin works in one company (YARDLINE_ADMIN_COMPANY), created when missing, and gives
 * the others their accounts under User Config -> Users.
 */
export interface NewAdmin {
  username: string;
  password: string;
  email: string;
  company: string;
}

/** Why a username cannot be the admin's, or null. */
export function adminUsernameProblem(username: string): string | null {
  if (username.length === 0 || username.length > USERNAME_MAX)
    return `it must be 1 to ${USERNAME_MAX} characters`;
  if (!USERNAME_PATTERN.test(username)) return "use letters, digits and @ . + - _ only";
  return null;
}

/** Why a password cannot be the admin's, or null (the users' own rules, and no demo). */
export function adminPasswordProblem(password: string, username: string): string | null {
  if (password.length < PASSWORD_MIN) return `it is shorter than ${PASSWORD_MIN} characters`;
  if (password.length > PASSWORD_MAX) return `it is longer than ${PASSWORD_MAX} characters`;
  if (password === DEMO_PASSWORD) return "it is the demo password, which everyone knows";
  if (password.toLowerCase() === username.toLowerCase()) return "it is the username";
  return null;
}

export class AdminExistsError extends Error {
  override name = "AdminExistsError";
}

/** Creates the admin (and its company when missing); AdminExistsError when the name is taken. */
export async function createAdmin(db: Db, admin: NewAdmin, passwordCost: number): Promise<void> {
  const passwordHash = await hashPassword(admin.password, passwordCost);
  try {
    await db.transaction(async (tx) => {
      await tx.insert(companies).values({ name: admin.company }).onConflictDoNothing();
      const [company] = await tx
        .select({ id: companies.id })
        .from(companies)
        .where(eq(companies.name, admin.company));
      if (!company) throw new Error(`company ${admin.company} could not be created`);
      const [user] = await tx
        .insert(users)
        .values({ username: admin.username, email: admin.email, passwordHash })
        .returning({ id: users.id });
      if (!user) throw new Error("the admin could not be created");
      await tx.insert(memberships).values({ userId: user.id, companyId: company.id });
      await tx.insert(userRoles).values({ userId: user.id, companyId: company.id, role: "admin" });
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_username_key")) {
      throw new AdminExistsError(`a user named ${admin.username} already exists`);
    }
    throw error;
  }
}

/**
 * At a production start: with no user yet, the admin of YARDLINE_ADMIN_* is created (another
 * instance starting at once may win the race; then its admin stands). Returns true when
 * this call created it.
 */
export async function ensureFirstAdmin(
  db: Db,
  admin: AdminConfig,
  passwordCost: number,
): Promise<boolean> {
  if (admin.password === undefined) return false;
  const [existing] = await db.select({ n: count() }).from(users);
  if ((existing?.n ?? 0) > 0) return false;
  try {
    await createAdmin(db, { ...admin, password: admin.password }, passwordCost);
    return true;
  } catch (error) {
    if (error instanceof AdminExistsError) return false;
    throw error;
  }
}
