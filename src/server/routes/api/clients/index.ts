import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { Client, ClientInput, ClientListQuery } from "../../../../shared/contract/clients";
import { staleBody } from "../../../../shared/contract/errors";
import { listOf } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import { presentClient } from "../../../domain/clients/presenter";
import { findClient, listClients } from "../../../domain/clients/repository";
import {
  clientScopeOf,
  createClient,
  deleteClient,
  replaceClient,
} from "../../../domain/clients/service";
import { errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { versionedWrite } from "../../../http/route-schemas";
import { etagOf, ifMatchVersions } from "../../../http/versioning";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["client"];
const SCOPE =
  "Clients of the request's company (a client may belong to several companies); a user " +
  "limited to some clients sees only those: any other answers 404. ";
const WRITES =
  "Requires createMasters. company lists the companies the client belongs to: only the " +
  "user's own companies (403 naming company otherwise); the request's company is always kept. ";

/** api/client: the clients of a company, for the forms' pickers and the client modal. */
export const clientRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/client", {
    schema: {
      tags,
      summary: "Clients of the company, by description",
      description: `${SCOPE}search: description contains; ids: only those clients.`,
      querystring: ClientListQuery,
      response: { 200: listOf(Client), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, search, ids } = request.query;
      const { count, rows } = await listClients(app.db, clientScopeOf(authOf(request)), {
        search,
        ids,
        ...rowWindow(request.query),
      });
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentClient));
    },
  });

  app.get("/client/:id", {
    schema: {
      tags,
      summary: "One client",
      description: SCOPE,
      params: IdParams,
      response: { 200: Client, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const view = await findClient(app.db, clientScopeOf(authOf(request)), request.params.id);
      if (!view) throw errors.notFound();
      reply.header("etag", etagOf(view.version));
      return presentClient(view);
    },
  });

  app.post("/client", {
    preHandler: requirePermission("createMasters"),
    schema: {
      tags,
      summary: "Create a client (createMasters)",
      description: WRITES,
      body: ClientInput,
      response: { 201: Client, ...errorResponses(...API_ERRORS, 403, 413, 415) },
    },
    handler: async (request, reply) => {
      const view = await createClient(app.db, authOf(request), request.body);
      reply
        .code(201)
        .header("etag", etagOf(view.version))
        .header("location", `/api/client/${view.id}`);
      return presentClient(view);
    },
  });

  app.put("/client/:id", {
    preHandler: requirePermission("createMasters"),
    schema: {
      tags,
      summary: "Replace a client (createMasters)",
      description: `${WRITES}${SCOPE}If-Match with a stale ETag answers 412 with the current client.`,
      ...versionedWrite({ 200: Client }, staleBody(Client), 403, 404, 413, 415),
      body: ClientInput,
    },
    handler: async (request, reply) => {
      const view = await replaceClient(
        app.db,
        authOf(request),
        request.params.id,
        request.body,
        ifMatchVersions(request.headers["if-match"]),
      );
      reply.header("etag", etagOf(view.version));
      return presentClient(view);
    },
  });

  app.delete("/client/:id", {
    preHandler: requirePermission("createMasters"),
    schema: {
      tags,
      summary: "Remove a client from the company (createMasters)",
      description:
        `${SCOPE}The client leaves the request's company; once it belongs to no company it is ` +
        "deleted. Its lines keep working without a client.",
      params: IdParams,
      response: { 204: z.null().describe("Removed"), ...errorResponses(...API_ERRORS, 403, 404) },
    },
    handler: async (request, reply) => {
      await deleteClient(app.db, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
