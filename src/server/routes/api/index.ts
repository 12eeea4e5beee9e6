import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "../../../shared/contract/errors";
import { installAuth } from "../../plugins/auth";
import { CompanyHeaders, installCompanyScope } from "../../plugins/company-scope";
import { IdempotencyHeaders, installIdempotency, isWriteMethod } from "../../plugins/idempotency";
import { registerMail } from "../../plugins/mail";
import { registerSms } from "../../plugins/sms";
import { alertRoutes } from "./alerts";
import { apiKeyRoutes } from "./api-keys";
import { biRoutes } from "./bi";
import { carrierBookingRoutes } from "./carrier-booking";
import { changesRoutes } from "./changes";
import { checkInRoutes } from "./check-in";
import { clientRoutes } from "./clients";
import { companyRoutes } from "./company";
import { criticalLineRoutes } from "./critical-lines";
import { documentRoutes } from "./documents";
import { eventsRoutes } from "./events";
import { importExportRoutes } from "./import-export";
import { indicatorRoutes } from "./indicators";
import { schedulingRoutes } from "./scheduling";
import { shipmentRoutes } from "./shipments";
import { smsRoutes } from "./sms";
import { statusRoutes } from "./status";
import { taskListRoutes } from "./task-list";
import { truckRoutes } from "./trucks";
import { userRoutes } from "./users";
import { webhookRoutes } from "./webhooks";

/**
 * The /api scope: every route registered here needs a valid token and acts for one company
 * (request.auth). New resources are added to this table.
 */
export function apiRoutes(extend?: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (api) => {
    // Document (and validate) the company header and the token on every route of the scope
    // (before the route's own headers, e.g. If-Match), and the Idempotency-Key header (with its
    // 409 and 422 answers) on every write.
    api.addHook("onRoute", (route) => {
      const own = route.schema?.headers;
      const headers =
        own instanceof z.ZodObject ? CompanyHeaders.extend(own.shape) : CompanyHeaders;
      const schema = {
        security: [{ bearerAuth: [] }, { apiKeyAuth: [] }],
        ...route.schema,
        headers,
      };
      if (isWriteMethod(route.method)) {
        schema.headers = schema.headers.extend(IdempotencyHeaders.shape);
        schema.response = { 409: ErrorBody, 422: ErrorBody, ...(schema.response ?? {}) };
      }
      route.schema = schema;
    });
    installAuth(api);
    installCompanyScope(api);
    installIdempotency(api);
    registerSms(api);
    registerMail(api);
    await api.register(userRoutes);
    await api.register(companyRoutes);
    await api.register(truckRoutes);
    await api.register(smsRoutes);
    await api.register(statusRoutes);
    await api.register(clientRoutes);
    await api.register(taskListRoutes);
    await api.register(shipmentRoutes);
    await api.register(schedulingRoutes);
    await api.register(criticalLineRoutes);
    await api.register(checkInRoutes);
    await api.register(changesRoutes);
    await api.register(eventsRoutes);
    await api.register(documentRoutes);
    await api.register(biRoutes);
    await api.register(importExportRoutes);
    await api.register(indicatorRoutes);
    await api.register(alertRoutes);
    await api.register(carrierBookingRoutes);
    await api.register(webhookRoutes);
    await api.register(apiKeyRoutes);
    if (extend) await api.register(extend);
  };
}
