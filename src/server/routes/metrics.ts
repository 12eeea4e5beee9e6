import { timingSafeEqual } from "node:crypto";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "../../shared/contract/errors";
import { errors } from "../errors";

function sameToken(given: string, expected: string): boolean {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
}

/**
 * Prometheus metrics for whoever runs Yardline: off (404) unless METRICS_TOKEN is set, then
 * only with `Authorization: Bearer <METRICS_TOKEN>`. The collectors: services/metrics.
 */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/metrics", {
    schema: {
      tags: ["health"],
      summary: "Prometheus metrics (text exposition format)",
      description:
        "Off unless METRICS_TOKEN is set (404); then it needs Authorization: Bearer " +
        "<METRICS_TOKEN>. Requests by route pattern and status, their durations, database " +
        "pool, live-events streams, Idempotency-Key claims in flight, login limiter " +
        "refusals, SMS and mail sent and failed, and the process's own figures.",
      security: [{ metricsToken: [] }],
      response: {
        200: {
          description: "The metrics, Prometheus text exposition format 0.0.4",
          content: { "text/plain": { schema: z.string() } },
        },
        401: ErrorBody,
        404: ErrorBody,
      },
    },
    handler: async (request, reply) => {
      const expected = app.serverConfig.metricsToken;
      if (expected === undefined) throw errors.notFound();
      const header = request.headers.authorization ?? "";
      if (!header.startsWith("Bearer ")) throw errors.notAuthenticated();
      if (!sameToken(header.slice("Bearer ".length), expected)) throw errors.tokenNotValid();
      const registry = app.metrics.registry;
      return reply.type(registry.contentType).send(await registry.metrics());
    },
  });
};
