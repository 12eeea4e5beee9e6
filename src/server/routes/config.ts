import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { RuntimeConfig } from "../../shared/contract/config";

/** Runtime configuration for the PWA, from the server's environment (no rebuild needed). */
export const configRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/config.json", {
    schema: {
      tags: ["config"],
      summary: "Runtime configuration of the client",
      response: { 200: RuntimeConfig },
    },
    handler: async (_request, reply) => {
      reply.header("cache-control", "no-cache");
      return app.serverConfig.runtime;
    },
  });
};
