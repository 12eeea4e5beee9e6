import { type EnvSource, loadConfig } from "./config";
import { openDatabase } from "./db/open-database";
import {
  prepareProduction,
  productionConfigProblems,
  StartupRefusal,
} from "./startup/production-checks";

/**
 * Server entry: migrate, then either the demo (`npm start`: demo data on an empty database)
 * or production (`npm run start:prod`, i.e. --production or YARDLINE_MODE=production: no demo,
 * the startup checks, the first admin from YARDLINE_ADMIN_*); serve the API and the built
 * client on PORT, and stop gracefully on SIGINT/SIGTERM.
 */
const SHUTDOWN_GRACE_MS = 15_000;

function environment(env: EnvSource, args: readonly string[]): EnvSource {
  return args.includes("--production") ? { ...env, YARDLINE_MODE: "production" } : env;
}

async function main(): Promise<void> {
  const config = loadConfig(environment(process.env, process.argv.slice(2)));
  const production = config.mode === "production";
  if (production) {
    const problems = productionConfigProblems(config);
    if (problems.length > 0) throw new StartupRefusal(problems);
  }
  const database = await openDatabase(config);
  let adminCreated = false;
  if (production) {
    try {
      await database.migrate();
      adminCreated = await prepareProduction(database.db, config);
    } catch (error) {
      await database.close();
      throw error;
    }
  }
  // Loaded after the checks, so a refused start says so at once.
  const { buildApp } = await import("./app");
  const app = await buildApp({
    config,
    database,
    seed: !production,
    logger: { level: config.logLevel },
  });
  app.log.info(
    `${production ? "production" : "demo"}, database: ${
      config.databaseUrl ? "PostgreSQL (DATABASE_URL)" : `embedded PGlite in ${config.dataDir}`
    }`,
  );
  if (adminCreated) app.log.info(`first admin ${config.admin.username} created`);

  let stopping = false;
  const stop = (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info(`${signal}: finishing in-flight requests, then closing the database`);
    // If something hangs, leave anyway rather than ignore the signal.
    setTimeout(() => {
      app.log.error("shutdown timed out; exiting");
      process.exit(1);
    }, SHUTDOWN_GRACE_MS).unref();
    app.close().then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, "shutdown failed");
        process.exit(1);
      },
    );
  };
  process.once("SIGINT", () => stop("SIGINT"));
  process.once("SIGTERM", () => stop("SIGTERM"));

  await app.listen({ port: config.port, host: config.host });
}

main().catch((error: unknown) => {
  if (error instanceof StartupRefusal) console.error(error.message);
  else console.error("Yardline server failed to start:", error);
  process.exit(1);
});
