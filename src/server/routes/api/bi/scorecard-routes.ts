import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { MetricSettings, MetricsQuery, Scorecard } from "../../../../shared/contract/bi";
import { authOf } from "../../../auth/context";
import { carrierScorecard, metricSettings, saveMetricSettings } from "../../../domain/bi/scorecard";
import { responses, SCOPE, seeBi, tags } from "./route-docs";

/** The carrier scorecard and its on-time tolerance (issue 16). */
export const scorecardRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = seeBi;

  app.get("/metrics/scorecard", {
    ...guard,
    schema: {
      tags,
      summary: "Carrier on-time scorecard: per truck name, over the lines booked in the range",
      description:
        `${SCOPE}on_time: arrivals no later than the booked time plus the company's ` +
        "tolerance (tolerance_minutes, api/metrics/settings); on_time_rate in percent of " +
        "arrivals; median dwell as in api/metrics/dwell. Most lines first, at most 1000.",
      querystring: MetricsQuery,
      response: { 200: Scorecard, ...responses },
    },
    handler: async (request) => carrierScorecard(app.db, authOf(request), request.query),
  });

  app.get("/metrics/settings", {
    ...guard,
    schema: {
      tags,
      summary: "The company's metric settings (on-time tolerance)",
      description: "Requires seeBi. The tolerance is 15 minutes until an admin sets it.",
      response: { 200: MetricSettings, ...responses },
    },
    handler: async (request) => metricSettings(app.db, authOf(request)),
  });

  app.put("/metrics/settings", {
    schema: {
      tags,
      summary: "Set the company's on-time tolerance (admin)",
      description: "Minutes after the booked time an arrival still counts as on time (0..240).",
      body: MetricSettings,
      response: { 200: MetricSettings, ...responses },
    },
    handler: async (request) => saveMetricSettings(app.db, authOf(request), request.body),
  });
};
