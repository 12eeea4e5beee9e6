import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { openDatabase } from "../db/open-database";
import { WEBHOOK_CHANNEL } from "../domain/webhooks/emit";
import { startWebhookWorker, type WebhookWorker } from "../domain/webhooks/worker";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's delivery worker; null when WEBHOOK_WORKER is off. */
    webhookWorker: WebhookWorker | null;
  }
}

/**
 * Runs the webhook delivery worker in this instance (WEBHOOK_WORKER, on by default; tests
 * that need no deliveries leave it off). New events wake it through LISTEN at commit, from
 * any instance; a poll picks up retries and anything a lost notification left.
 */
export async function registerWebhookWorker(
  app: FastifyInstance,
  database: Database,
): Promise<void> {
  const settings = app.serverConfig.webhooks;
  if (!settings.worker) {
    app.decorate("webhookWorker", null);
    return;
  }
  // On PostgreSQL the worker has a pool of its own: its claims never queue behind the API's
  // requests for a connection (PGlite has one connection for everything).
  const { databaseUrl, dataDir } = app.serverConfig;
  const own = databaseUrl ? await openDatabase({ databaseUrl, dataDir }) : null;
  const worker = startWebhookWorker((own ?? database).db, settings, app.log);
  const unlisten = await database.listen(WEBHOOK_CHANNEL, {
    onPayload: () => worker.wake(),
    onGap: () => worker.wake(),
  });
  app.decorate("webhookWorker", worker);
  app.addHook("preClose", async () => {
    await unlisten();
    await worker.stop();
    await own?.close();
  });
}
