import { buildApp } from "./app";
import { loadConfig } from "./config";

/**
 * Production entry: migrate, seed demo data on an empty database, serve the API and the built
 * client on PORT, and stop gracefully on SIGINT/SIGTERM.
 */
const SHUTDOWN_GRACE_MS = 15_000;

async function main(): Promise<void> {
  const config = loadConfig();
  const app = await buildApp({
    config,
    seed: true,
    logger: { level: config.logLevel },
  });
  app.log.info(
    config.databaseUrl
      ? "database: PostgreSQL (DATABASE_URL)"
      : `database: embedded PGlite in ${config.dataDir}`,
  );

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
  console.error("Yardline server failed to start:", error);
  process.exit(1);
});
