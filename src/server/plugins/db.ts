import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";

/**
 * Shares the database with every route (`app.db`) and closes it after the server has stopped
 * and in-flight requests have finished (Fastify closes the HTTP server before onClose hooks
 * registered by plugins run), so PGlite never stops with files half written.
 */
export function registerDatabase(app: FastifyInstance, database: Database): void {
  app.decorate("db", database.db);
  app.addHook("onClose", async () => {
    await database.close();
    app.log.info("database closed");
  });
}
