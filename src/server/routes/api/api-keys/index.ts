import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ApiKey, ApiKeyCreate, ApiKeyCreated } from "../../../../shared/contract/api-keys";
import { authOf } from "../../../auth/context";
import { requirePersonAdmin } from "../../../auth/permissions";
import { presentApiKey } from "../../../domain/api-keys/presenter";
import { listApiKeys } from "../../../domain/api-keys/repository";
import { createApiKey, removeApiKey } from "../../../domain/api-keys/service";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const tags = ["api-key"];
const ADMIN = "Admins only (signed in: an API key may not manage integrations). ";

/**
 * API keys of the request's company (issue 28): other systems call the API with
 * `Authorization: Api-Key <key>` and the key's role from the permission matrix.
 */
export const apiKeyRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = async (request: Parameters<typeof authOf>[0]) => {
    requirePersonAdmin(authOf(request));
  };

  app.get("/api-key", {
    preHandler: guard,
    schema: {
      tags,
      summary: "The company's API keys, newest first (revoked ones too)",
      description: `${ADMIN}Never the keys themselves: only their first characters.`,
      response: { 200: z.array(ApiKey), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) =>
      (await listApiKeys(app.db, authOf(request).company.id)).map(presentApiKey),
  });

  app.post("/api-key", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Create a key with a role and an optional expiry; answers the key once",
      description:
        `${ADMIN}The key acts for this company with its role, on behalf of the admin who ` +
        "made it (requests stop working if that user is deactivated). Only its sha256 is " +
        "stored: a lost key is revoked and replaced.",
      body: ApiKeyCreate,
      response: { 201: ApiKeyCreated, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request, reply) => {
      const created = await createApiKey(app.db, authOf(request), request.body);
      return reply.code(201).send(created);
    },
  });

  app.delete("/api-key/:id", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Revoke a key: refused from the next request on, on every instance",
      description: ADMIN,
      params: IdParams,
      response: { 204: z.null(), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      await removeApiKey(app.db, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
