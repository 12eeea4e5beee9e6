import { sql } from "drizzle-orm";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "../../shared/contract/errors";
import { errors } from "../errors";

/** Liveness and database reachability, for load balancers and orchestrators. */
export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/healthz", {
    schema: {
      tags: ["health"],
      summary: "Health check (database reachable)",
      response: { 200: z.object({ status: z.literal("ok") }), 503: ErrorBody },
    },
    handler: async (request) => {
      try {
        await app.db.execute(sql`select 1`);
      } catch (error) {
        request.log.error({ err: error }, "health check: database unreachable");
        throw errors.unavailable("Database unreachable");
      }
      return { status: "ok" as const };
    },
  });
};
