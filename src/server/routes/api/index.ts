import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { installAuth } from "../../plugins/auth";
import { CompanyHeaders, installCompanyScope } from "../../plugins/company-scope";
import { registerSms } from "../../plugins/sms";
import { companyRoutes } from "./company";
import { shipperRoutes } from "./shipper";
import { smsRoutes } from "./sms";
import { userRoutes } from "./user";

/**
 * The /api scope: every route registered here needs a valid token and acts for one company
 * (request.auth). New resources are added to this table.
 */
export function apiRoutes(extend?: FastifyPluginAsyncZod): FastifyPluginAsyncZod {
  return async (api) => {
    // Document (and validate) the company header and the token on every route of the scope.
    api.addHook("onRoute", (route) => {
      route.schema = { headers: CompanyHeaders, security: [{ bearerAuth: [] }], ...route.schema };
    });
    installAuth(api);
    installCompanyScope(api);
    registerSms(api);
    await api.register(userRoutes);
    await api.register(companyRoutes);
    await api.register(shipperRoutes);
    await api.register(smsRoutes);
    if (extend) await api.register(extend);
  };
}
