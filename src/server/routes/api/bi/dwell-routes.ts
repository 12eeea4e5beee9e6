import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DwellGroupQuery,
  DwellGroupRow,
  DwellLine,
  DwellLineQuery,
} from "../../../../shared/contract/bi";
import { listOf } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import { isoOf } from "../../../domain/bi/presenter";
import { dwellLines, dwellPerGroup } from "../../../domain/bi/yard-times";
import { pageOf } from "../../../http/page";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["metrics"];
const responses = errorResponses(...API_ERRORS);
const round = (value: number) => Math.round(value * 10) / 10;
const DWELL =
  "Requires seeBi. Lines that arrived (check-in) in the range, on the yard's calendar days; " +
  "dwell from the arrival to the truck's first check-out after it, or to the line's loading " +
  "or discharge time when the truck never checked out (as api/metrics/dwell). A user limited " +
  "to some clients counts only their clients' lines. ";

/** Dwell per carrier and per truck, and the lines behind them (issue 16, beyond the spec). */
export const dwellRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: requirePermission("seeBi") };

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
    handler: async (request) => {
      const q = request.query;
      const auth = authOf(request);
      const scope = { companyId: auth.company.id, clientIds: auth.clientIds };
      const range = { start: q.date_start, end: q.date_end };
      const found = await dwellPerGroup(app.db, scope, range, q.type, q.by);
      return found.map((row) => ({
        carrier: row.carrier,
        truck: row.truck_id === null ? null : { id: row.truck_id, plate: row.plate ?? "" },
        lines: row.lines,
        median_minutes: round(row.median),
        p90_minutes: round(row.p90),
      }));
    },
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
      const auth = authOf(request);
      const scope = { companyId: auth.company.id, clientIds: auth.clientIds };
      const found = await dwellLines(
        app.db,
        scope,
        { start: q.date_start, end: q.date_end },
        q.type,
        { carrier: q.carrier, truckId: q.truck },
        { limit: q.page_size, offset: (q.page - 1) * q.page_size },
      );
      const results = found.map((row) => ({
        id: row.id,
        type: row.type,
        code: row.code,
        client: row.client,
        carrier: row.carrier,
        truck: row.truck_id === null ? null : { id: row.truck_id, plate: row.plate ?? "" },
        arrival_date: isoOf(row.arrival_date),
        departure_date: isoOf(row.departure_date),
        dwell_minutes: round(row.minutes),
      }));
      const paging = { page: q.page, pageSize: q.page_size };
      return pageOf(request.url, paging, found[0]?.total ?? 0, results);
    },
  });
};
