import { and, count, eq, inArray, isNull } from "drizzle-orm";
import type { ServerConfig } from "../config";
import { verifyPassword } from "../crypto/password";
import type { Db } from "../db/database";
import { DEMO_CHECK_IN_TOKENS } from "../db/demo-check-in";
import { DEMO_PASSWORD, DEMO_USERS } from "../db/demo-data";
import { checkInPages } from "../db/schema/check-ins";
import { users } from "../db/schema/users";
import { adminPasswordProblem, adminUsernameProblem, ensureFirstAdmin } from "./first-admin";
import { weakSecretReason } from "./secret-strength";

/**
 * What a production start (YARDLINE_MODE=production, `npm run start:prod`) refuses: each
 * problem names the variable to set and how, and the server stops before it listens.
 */
export class StartupRefusal extends Error {
  override name = "StartupRefusal";
  constructor(readonly problems: readonly string[]) {
    super(`Yardline will not start in production:\n${problems.map((p) => `- ${p}`).join("\n")}`);
  }
}

const NEW_SECRET = "generate one with `openssl rand -base64 48` and give every instance the same";

/** Problems of the environment alone, checked before the database is opened. */
export function productionConfigProblems(config: ServerConfig): string[] {
  const problems: string[] = [];
  if (config.jwtSecret === undefined) {
    problems.push(
      `JWT_SECRET is not set: a production server does not use a generated secret; ${NEW_SECRET}`,
    );
  } else {
    const weak = weakSecretReason(config.jwtSecret);
    if (weak) problems.push(`JWT_SECRET is weak (${weak}); ${NEW_SECRET}`);
  }
  const { password, username } = config.admin;
  const nameProblem = adminUsernameProblem(username);
  if (nameProblem) problems.push(`YARDLINE_ADMIN_USERNAME cannot be used: ${nameProblem}`);
  if (password !== undefined) {
    const problem = adminPasswordProblem(password, username);
    if (problem) problems.push(`YARDLINE_ADMIN_PASSWORD cannot be used: ${problem}`);
  }
  if (!config.databaseUrl && config.dataDir.startsWith("memory://")) {
    problems.push("DATA_DIR is memory://: production data would be lost at exit; set a directory");
  }
  return problems;
}

/** The demo users that still sign in with the demo password. */
async function demoLogins(db: Db): Promise<string[]> {
  const rows = await db
    .select({ username: users.username, hash: users.passwordHash })
    .from(users)
    .where(
      and(
        inArray(
          users.username,
          DEMO_USERS.map((user) => user.username),
        ),
        eq(users.isActive, true),
      ),
    );
  const open: string[] = [];
  // One at a time: a full-cost scrypt takes 128 MB.
  for (const row of rows) {
    if (await verifyPassword(DEMO_PASSWORD, row.hash)) open.push(row.username);
  }
  return open;
}

/** Problems of the database: the demo's public secrets, or nobody to sign in. */
async function databaseProblems(db: Db, config: ServerConfig): Promise<string[]> {
  const problems: string[] = [];
  const open = await demoLogins(db);
  if (open.length > 0) {
    problems.push(
      `the database holds the demo: ${open.join(", ")} sign in with the demo password; start ` +
        "production on a new database (DATABASE_URL or DATA_DIR), or change those passwords",
    );
  }
  const tokens = Object.values(DEMO_CHECK_IN_TOKENS);
  const pages = await db
    .select({ token: checkInPages.token })
    .from(checkInPages)
    .where(and(inArray(checkInPages.token, tokens), isNull(checkInPages.revokedAt)));
  if (pages.length > 0) {
    problems.push(
      `the database holds the demo self check-in pages (${pages.map((p) => p.token).join(", ")}); ` +
        "give them a new address from the check-in terminal's poster, or use a new database",
    );
  }
  const [active] = await db.select({ n: count() }).from(users).where(eq(users.isActive, true));
  if ((active?.n ?? 0) === 0 && config.admin.password === undefined) {
    problems.push(
      "no user can sign in: set YARDLINE_ADMIN_PASSWORD (and YARDLINE_ADMIN_USERNAME, default " +
        "admin) for the first admin, or run `npm run create-admin` first",
    );
  }
  return problems;
}

/**
 * A production start on a migrated database: refuses (StartupRefusal) on any problem, then
 * creates the first admin from YARDLINE_ADMIN_* when there is no user. Returns whether it did.
 */
export async function prepareProduction(db: Db, config: ServerConfig): Promise<boolean> {
  const problems = [...productionConfigProblems(config), ...(await databaseProblems(db, config))];
  if (problems.length > 0) throw new StartupRefusal(problems);
  return ensureFirstAdmin(db, config.admin, config.passwordHashCost);
}
