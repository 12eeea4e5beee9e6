import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staleBody } from "../../../../shared/contract/errors";
import { listOf, PagingQuery } from "../../../../shared/contract/paging";
import {
  WEBHOOK_EVENTS,
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
  WebhookEndpointPatch,
  WebhookEndpointWithSecret,
} from "../../../../shared/contract/webhooks";
import { authOf } from "../../../auth/context";
import { requirePersonAdmin } from "../../../auth/permissions";
import { presentDelivery, presentEndpoint } from "../../../domain/webhooks/presenter";
import { listDeliveries, listEndpoints } from "../../../domain/webhooks/repository";
import {
  createEndpoint,
  patchEndpoint,
  pingEndpoint,
  removeEndpoint,
  requireEndpoint,
  resendDelivery,
  rotateSecret,
} from "../../../domain/webhooks/service";
import { pageOf, rowWindow } from "../../../http/page";
import { DbId, IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { versionedWrite } from "../../../http/route-schemas";
import { etagOf, ifMatchVersions } from "../../../http/versioning";

const tags = ["webhook"];
const ADMIN = "Admins only (signed in: an API key may not manage integrations). ";
const Stale = staleBody(WebhookEndpoint);
const DeliveryParams = z.object({ id: DbId, delivery: DbId });
const Queued = z.object({ delivery: z.number().int() });

/**
 * Webhook endpoints of the request's company (issue 28): events are posted to them signed the
 * Standard Webhooks way; the delivery log, send again and a test ping.
 */
export const webhookRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = async (request: Parameters<typeof authOf>[0]) => {
    requirePersonAdmin(authOf(request));
  };
  const policy = () => ({ policy: app.serverConfig.webhooks });

  app.get("/webhook", {
    preHandler: guard,
    schema: {
      tags,
      summary: "The company's webhook endpoints",
      description: `${ADMIN}Event types: ${WEBHOOK_EVENTS.join(", ")}.`,
      response: { 200: z.array(WebhookEndpoint), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) =>
      (await listEndpoints(app.db, authOf(request).company.id)).map(presentEndpoint),
  });

  app.post("/webhook", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Register an endpoint; answers its signing secret once",
      description:
        `${ADMIN}The URL must be https (http only with WEBHOOK_ALLOW_HTTP); a host that is or ` +
        "resolves to a private, loopback or link-local address is refused (400 " +
        "private_address) unless WEBHOOK_ALLOW_PRIVATE. Deliveries carry webhook-id, " +
        "webhook-timestamp and webhook-signature (v1, HMAC-SHA256 with the secret).",
      body: WebhookEndpointCreate,
      response: { 201: WebhookEndpointWithSecret, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request, reply) => {
      const row = await createEndpoint(app.db, authOf(request), request.body, policy());
      reply.code(201).header("etag", etagOf(row.version));
      return { ...presentEndpoint(row), secret: row.secret };
    },
  });

  app.patch("/webhook/:id", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Change an endpoint's URL, description, events or active flag",
      description: ADMIN,
      ...versionedWrite({ 200: WebhookEndpoint }, Stale, 404),
      body: WebhookEndpointPatch,
    },
    handler: async (request, reply) => {
      const row = await patchEndpoint(
        app.db,
        authOf(request),
        request.params.id,
        request.body,
        ifMatchVersions(request.headers["if-match"]),
        policy(),
      );
      reply.header("etag", etagOf(row.version));
      return presentEndpoint(row);
    },
  });

  app.post("/webhook/:id/rotate-secret", {
    preHandler: guard,
    schema: {
      tags,
      summary: "A new signing secret (answered once; the old one stops signing at once)",
      description: ADMIN,
      ...versionedWrite({ 200: WebhookEndpointWithSecret }, Stale, 404),
    },
    handler: async (request, reply) => {
      const row = await rotateSecret(
        app.db,
        authOf(request),
        request.params.id,
        ifMatchVersions(request.headers["if-match"]),
      );
      reply.header("etag", etagOf(row.version));
      return { ...presentEndpoint(row), secret: row.secret };
    },
  });

  app.delete("/webhook/:id", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Remove an endpoint and its delivery log",
      description: ADMIN,
      params: IdParams,
      response: { 204: z.null(), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      await removeEndpoint(app.db, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });

  app.get("/webhook/:id/delivery", {
    preHandler: guard,
    schema: {
      tags,
      summary: "The endpoint's delivery log, newest first (paged)",
      description: `${ADMIN}State, attempts, the last answer's status, time and first 2 KiB, and the body sent.`,
      params: IdParams,
      querystring: PagingQuery,
      response: { 200: listOf(WebhookDelivery), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const endpoint = await requireEndpoint(app.db, authOf(request), request.params.id);
      const { limit, offset } = rowWindow(request.query);
      const { count, rows } = await listDeliveries(app.db, endpoint.id, limit, offset);
      return pageOf(
        request.url,
        { page: request.query.page, pageSize: request.query.page_size },
        count,
        rows.map(presentDelivery),
      );
    },
  });

  app.post("/webhook/:id/delivery/:delivery/resend", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Send a delivery's event again (same webhook-id), now",
      description: ADMIN,
      params: DeliveryParams,
      response: { 202: Queued, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const { id, delivery } = request.params;
      const row = await resendDelivery(app.db, authOf(request), id, delivery);
      return reply.code(202).send({ delivery: row.id });
    },
  });

  app.post("/webhook/:id/ping", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Send a webhook.ping event to this endpoint",
      description: ADMIN,
      params: IdParams,
      response: { 202: Queued, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const row = await pingEndpoint(app.db, authOf(request), request.params.id);
      return reply.code(202).send({ delivery: row.id });
    },
  });
};
