import type { FastifyInstance } from "fastify";
import type { Database } from "../db/database";
import { outboxFigures } from "../domain/webhooks/delivery-repository";
import { type AppMetrics, createAppMetrics } from "../services/metrics/app-metrics";

declare module "fastify" {
  interface FastifyInstance {
    /** This instance's Prometheus collectors (services/metrics), served by GET /metrics. */
    metrics: AppMetrics;
  }
}

const METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);
/** The route label of a request no route matched (a 404 of the router). */
export const UNMATCHED_ROUTE = "(unmatched)";

/**
 * Decorates the app with its metrics and counts every answer by method, route pattern and
 * status (onResponse at the root covers every route). Register after the change hub.
 */
export function registerMetrics(app: FastifyInstance, database: Database): void {
  const metrics = createAppMetrics(
    {
      eventStreams: () => app.changeHub.size(),
      ...(database.poolStats ? { pool: database.poolStats } : {}),
      webhookOutbox: () => outboxFigures(database.db),
    },
    { processMetrics: app.serverConfig.metricsToken !== undefined },
  );
  app.decorate("metrics", metrics);
  app.addHook("onResponse", (request, reply, done) => {
    const route = request.routeOptions.url ?? UNMATCHED_ROUTE;
    const labels = {
      method: METHODS.has(request.method) ? request.method : "OTHER",
      route,
      status: String(reply.statusCode),
    };
    metrics.requests.inc(labels);
    metrics.requestSeconds.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode === 429 && route === "/get-token") metrics.loginThrottled.inc();
    done();
  });
}
