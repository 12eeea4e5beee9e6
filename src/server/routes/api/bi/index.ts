import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DayDetailQuery,
  IncidenceDetail,
  IncidenceDetailQuery,
  IncidenceMetricRow,
  LineDetail,
  LineMetricRow,
  MachineMetricRow,
  MetricsQuery,
  NO_REASON,
  TaskUserMetricRow,
  TruckDetail,
  TruckMetricRow,
} from "../../../../shared/contract/bi";
import { listOf } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import {
  presentIncidenceCount,
  presentIncidenceDetail,
  presentLineDetail,
  presentMachineHours,
  presentTruckDetail,
  presentUserHours,
} from "../../../domain/bi/presenter";
import {
  incidenceCounts,
  incidenceDetails,
  lineCounts,
  lineDetails,
  truckCounts,
  truckDetails,
} from "../../../domain/bi/repository";
import { metricScopeOf, rangeOf } from "../../../domain/bi/scope";
import { machineHours, userHours } from "../../../domain/bi/task-hours-repository";
import { pageOf, rowWindow } from "../../../http/page";
import { dwellRoutes } from "./dwell-routes";
import { responses, SCOPE, seeBi, tags } from "./route-docs";
import { scorecardRoutes } from "./scorecard-routes";

/** A page of detail rows that each carry the full count (count(*) over ()). */
function detailPage<Row extends { total: number }, Out>(
  url: string,
  query: { page: number; page_size: number },
  found: Row[],
  present: (row: Row) => Out,
) {
  const paging = { page: query.page, pageSize: query.page_size };
  return pageOf(url, paging, found[0]?.total ?? 0, found.map(present));
}

/**
 * api/metrics/*: BI figures (spec section 7) and the rows behind a bar or slice; dwell and the
 * carrier scorecard in dwell-routes.ts and scorecard-routes.ts.
 */
export const biRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = seeBi;
  await app.register(dwellRoutes);
  await app.register(scorecardRoutes);

  app.get("/metrics/trucks", {
    ...guard,
    schema: {
      tags,
      summary: "Trucks registered per day",
      description: `${SCOPE}Days without a truck are left out.`,
      querystring: MetricsQuery,
      response: { 200: z.array(TruckMetricRow), ...responses },
    },
    handler: async (request) => {
      const found = await truckCounts(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(request.query),
      );
      return found.map((row) => ({ register_date: row.day, value: row.value }));
    },
  });

  app.get("/metrics/lines", {
    ...guard,
    schema: {
      tags,
      summary: "Lines booked per day",
      description: `${SCOPE}Days without a line are left out.`,
      querystring: MetricsQuery,
      response: { 200: z.array(LineMetricRow), ...responses },
    },
    handler: async (request) => {
      const { type } = request.query;
      const found = await lineCounts(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(request.query),
        type,
      );
      return found.map((row) => ({ booked_date: row.day, value: row.value }));
    },
  });

  app.get("/metrics/incidences", {
    ...guard,
    schema: {
      tags,
      summary: "Lines in an incidence status, by status and reason",
      description: `${SCOPE}Lines booked in the range whose status is an incidence (4 and 7, 8 and 12).`,
      querystring: MetricsQuery,
      response: { 200: z.array(IncidenceMetricRow), ...responses },
    },
    handler: async (request) => {
      const { type } = request.query;
      const scope = await metricScopeOf(app.db, authOf(request));
      const found = await incidenceCounts(app.db, scope, rangeOf(request.query), type);
      return found.map(presentIncidenceCount);
    },
  });

  const TASKS =
    "Requires seeBi. Hours (time_hours) booked on the task list, summed over the lines whose " +
    "working day (a calendar day as entered, the yard's) is in the range; date_end is " +
    "inclusive; type is ignored. A user limited to some clients counts only their clients' " +
    "task lines. Rows without hours are left out; most hours first, rounded to 0.01 h. ";
  app.get("/metrics/machines", {
    ...guard,
    schema: {
      tags,
      summary: "Task hours per machine (task list: per task)",
      description:
        `${TASKS}The task list has no machine of its own: each task (worksheet) is the work ` +
        "station or machine the hours went to, so machinery is the task's name.",
      querystring: MetricsQuery,
      response: { 200: z.array(MachineMetricRow), ...responses },
    },
    handler: async (request) => {
      const found = await machineHours(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(request.query),
      );
      return found.map(presentMachineHours);
    },
  });

  app.get("/metrics/task-users", {
    ...guard,
    schema: {
      tags,
      summary: "Task hours per user (task list)",
      description: `${TASKS}user is the first and last name (the username when both are blank).`,
      querystring: MetricsQuery,
      response: { 200: z.array(TaskUserMetricRow), ...responses },
    },
    handler: async (request) => {
      const found = await userHours(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(request.query),
      );
      return found.map(presentUserHours);
    },
  });

  app.get("/metrics/line-details", {
    ...guard,
    schema: {
      tags,
      summary: "The lines behind a bar of the lines metric",
      description: `${SCOPE}Ordered by booked date; page_size up to 1000 (the default).`,
      querystring: DayDetailQuery,
      response: { 200: listOf(LineDetail), ...responses },
    },
    handler: async (request) => {
      const q = request.query;
      const found = await lineDetails(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(q),
        q.type,
        rowWindow(q),
      );
      return detailPage(request.url, q, found, presentLineDetail);
    },
  });

  app.get("/metrics/truck-details", {
    ...guard,
    schema: {
      tags,
      summary: "The trucks behind a bar of the trucks metric",
      description: `${SCOPE}Ordered by register date; page_size up to 1000 (the default).`,
      querystring: DayDetailQuery,
      response: { 200: listOf(TruckDetail), ...responses },
    },
    handler: async (request) => {
      const q = request.query;
      const scope = await metricScopeOf(app.db, authOf(request));
      const found = await truckDetails(app.db, scope, rangeOf(q), rowWindow(q));
      return detailPage(request.url, q, found, presentTruckDetail);
    },
  });

  app.get("/metrics/incidence-details", {
    ...guard,
    schema: {
      tags,
      summary: "The incidences behind a bar or slice of the incidences metric",
      description:
        `${SCOPE}status and reason narrow it to one slice (reason "${NO_REASON}": without a ` +
        "reason); created is when the line entered that status. page_size up to 1000.",
      querystring: IncidenceDetailQuery,
      response: { 200: listOf(IncidenceDetail), ...responses },
    },
    handler: async (request) => {
      const q = request.query;
      const reasonCode = q.reason === NO_REASON ? null : q.reason;
      const found = await incidenceDetails(
        app.db,
        await metricScopeOf(app.db, authOf(request)),
        rangeOf(q),
        q.type,
        { statusId: q.status, reasonCode },
        rowWindow(q),
      );
      return detailPage(request.url, q, found, presentIncidenceDetail);
    },
  });
};
