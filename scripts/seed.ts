/**
 * `npm run seed`: RESETS the database (every table of the public schema and the migration
 * journal are dropped), applies the migrations and seeds the demo data again. Uses the same
 * environment as the server: DATABASE_URL, or PGlite in DATA_DIR (default ./data).
 * Stop the server first when it uses PGlite: one process at a time may open its directory.
 * Refused with YARDLINE_MODE=production: a production database is never reset to the demo.
 */
import { loadConfig } from "../src/server/config";
import { DEMO_PASSWORD, DEMO_USERS } from "../src/server/db/demo-data";
import { openDatabase } from "../src/server/db/open-database";
import { resetDemo } from "../src/server/db/seed";

const config = loadConfig();
if (config.mode === "production") {
  console.error("npm run seed resets the database to the demo: not with YARDLINE_MODE=production.");
  process.exit(1);
}
const database = await openDatabase(config);
try {
  const where = config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `PGlite in ${config.dataDir}`;
  console.log(`Resetting ${where}...`);
  await resetDemo(database, { passwordCost: config.passwordHashCost });
  console.log(
    `Seeded ${DEMO_USERS.length} demo users (${DEMO_USERS.map((u) => u.username).join(", ")}), ` +
      `password "${DEMO_PASSWORD}".`,
  );
} finally {
  await database.close();
}
