import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DwellGroupQuery,
  DwellGroupRow,
  DwellLine,
  DwellLineQuery,
  DwellRow,
  MetricsQuery,
} from "../../../../shared/contract/bi";
import { listOf } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import { dwellDays, dwellGroups, dwellLinePage } from "../../../domain/bi/dwell";
import { pageOf } from "../../../http/page";
import { responses, SCOPE, seeBi, tags } from "./route-docs";

const DWELL =
  "Requires seeBi. Lines that arrived (check-in) in the range, on the yard's calendar days; " +
  "dwell from the arrival to the truck's first check-out after it, or to the line's loading " +
  "or discharge time when the truck never checked out (as api/metrics/dwell). A user limited " +
  "to some clients counts only their clients' lines. ";

/** Dwell per day, per carrier and per truck, and the lines behind them (issue 16). */
export const dwellRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = seeBi;

  app.get("/metrics/dwell", {
    ...guard,
    schema: {
      tags,
      summary: "Dwell and turn time per arrival day: median and p90 in minutes",
      description:
        `${SCOPE}From a line's arrival (check-in) to its truck's first check-out after it, or ` +
        "to the line's loading or discharge time when the truck never checked out. Lines " +
        "without an arrival or an end are left out, and so are days without such lines.",
      querystring: MetricsQuery,
      response: { 200: z.array(DwellRow), ...responses },
    },
    handler: async (request) => dwellDays(app.db, authOf(request), request.query),
  });

  app.get("/metrics/dwell-groups", {
    ...guard,
    schema: {
      tags,
      summary: "Dwell per carrier or per truck: median and p90 in minutes",
      description:
        `${DWELL}by=carrier groups by truck name (the scorecard's carrier), by=truck by ` +
        "truck (plate). Lines without a truck are left out; most lines first, at most 1000.",
      querystring: DwellGroupQuery,
      response: { 200: z.array(DwellGroupRow), ...responses },
    },
    handler: async (request) => dwellGroups(app.db, authOf(request), request.query),
  });

  app.get("/metrics/dwell-lines", {
    ...guard,
    schema: {
      tags,
      summary: "The lines behind the dwell figures, longest dwell first",
      description:
        `${DWELL}carrier or truck narrow it to one row of api/metrics/dwell-groups. ` +
        "page_size up to 1000 (the default).",
      querystring: DwellLineQuery,
      response: { 200: listOf(DwellLine), ...responses },
    },
    handler: async (request) => {
      const q = request.query;
      const { count, rows } = await dwellLinePage(app.db, authOf(request), q);
      return pageOf(request.url, { page: q.page, pageSize: q.page_size }, count, rows);
    },
  });
};
