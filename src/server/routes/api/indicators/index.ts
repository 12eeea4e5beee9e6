import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { Indication, IndicationHeaders } from "../../../../shared/contract/indicators";
import { authOf } from "../../../auth/context";
import { indicatorsOf } from "../../../domain/indicators/service";
import { API_ERRORS, errorResponses } from "../../../http/responses";

/** api/indication: the indicator tiles of the wall screens (spec section 7). */
export const indicatorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/indication", {
    schema: {
      tags: ["indicators"],
      summary: "Indicator tiles of a period against the one before",
      description:
        "Headers area (G general, C area C: warehouse W1) and period (A annual, T quarterly). " +
        "Every user of the company may read it (kiosk walls show it); a user limited to some " +
        "clients gets their clients' figures. Whole calendar periods on the yard's clock, by " +
        "booked date. Tiles: lines handled (not cancelled), on-time rate (arrival within the " +
        "company's tolerance of the booked time, 15 minutes unless set, percent of arrivals), incidences, average dwell (arrival " +
        "to the truck's check-out, else to loading or discharge, minutes), trucks served.",
      headers: IndicationHeaders,
      response: { 200: Indication, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { area, period } = request.headers;
      const auth = authOf(request);
      const scope = { companyId: auth.company.id, clientIds: auth.clientIds };
      return indicatorsOf(app.db, scope, area, period);
    },
  });
};
