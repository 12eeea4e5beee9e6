/**
 * `npm run create-admin`: adds an admin to the database the server uses (DATABASE_URL, or
 * PGlite in DATA_DIR: stop the server first, one process at a time may open that directory),
 * in the company YARDLINE_ADMIN_COMPANY (created when missing). Migrates the database first,
 * so it also prepares a new production install before its first start.
 *
 *   npm run create-admin -- [--username admin] [--email ops@example.com] [--company Yardline]
 *
 * The password is asked twice at the terminal, never shown; without a terminal (CI) it is
 * YARDLINE_ADMIN_PASSWORD. Flags default to YARDLINE_ADMIN_USERNAME, _EMAIL and _COMPANY.
 */
import { parseArgs } from "node:util";
import { ConfigError, loadConfig } from "../src/server/config";
import { openDatabase } from "../src/server/db/open-database";
import {
  AdminExistsError,
  adminPasswordProblem,
  adminUsernameProblem,
  createAdmin,
} from "../src/server/startup/first-admin";
import { askHidden, PromptCancelled } from "./lib/hidden-prompt";

class Refused extends Error {}

const ATTEMPTS = 3;

async function passwordFor(username: string, fromEnv: string | undefined): Promise<string> {
  if (fromEnv !== undefined) {
    const problem = adminPasswordProblem(fromEnv, username);
    if (problem) throw new Refused(`YARDLINE_ADMIN_PASSWORD cannot be used: ${problem}.`);
    return fromEnv;
  }
  if (!process.stdin.isTTY) {
    throw new Refused("No terminal to ask for the password: set YARDLINE_ADMIN_PASSWORD.");
  }
  for (let attempt = 0; attempt < ATTEMPTS; attempt += 1) {
    const password = await askHidden(`Password for ${username}: `, process.stdin, process.stdout);
    const problem = adminPasswordProblem(password, username);
    if (problem) {
      console.error(`That password cannot be used: ${problem}.`);
      continue;
    }
    const again = await askHidden("The same password again: ", process.stdin, process.stdout);
    if (again === password) return password;
    console.error("The two passwords differ; once more.");
  }
  throw new Refused("No admin created: no usable password given.");
}

async function main(): Promise<void> {
  const { values } = parseArgs({
    options: {
      username: { type: "string" },
      email: { type: "string" },
      company: { type: "string" },
    },
  });
  const config = loadConfig();
  const username = values.username?.trim() ?? config.admin.username;
  const usernameProblem = adminUsernameProblem(username);
  if (usernameProblem) throw new Refused(`The username cannot be used: ${usernameProblem}.`);
  const company = values.company?.trim() || config.admin.company;
  const email = values.email?.trim() ?? config.admin.email;
  const password = await passwordFor(username, config.admin.password);

  const database = await openDatabase(config);
  try {
    await database.migrate();
    await createAdmin(database.db, { username, password, email, company }, config.passwordHashCost);
  } finally {
    await database.close();
  }
  console.log(`Admin ${username} created in company ${company}.`);
}

main().catch((error: unknown) => {
  if (error instanceof AdminExistsError) {
    console.error(`No admin created: ${error.message}; choose another --username.`);
  } else if (error instanceof Refused || error instanceof ConfigError) {
    console.error(error.message);
  } else if (error instanceof PromptCancelled) {
    console.error("No admin created.");
  } else {
    console.error("create-admin failed:", error);
  }
  process.exit(1);
});
