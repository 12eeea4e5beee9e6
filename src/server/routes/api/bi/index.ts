import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  DayDetailQuery,
  DwellRow,
  IncidenceDetail,
  IncidenceDetailQuery,
  IncidenceMetricRow,
  LineDetail,
  LineMetricRow,
  MachineMetricRow,
  MetricSettings,
  MetricsQuery,
  NO_REASON,
  Scorecard,
  TaskUserMetricRow,
  TruckDetail,
  TruckMetricRow,
} from "../../../../shared/contract/bi";
import { listOf } from "../../../../shared/contract/paging";
import { type AuthContext, authOf } from "../../../auth/context";
import {
  presentIncidenceCount,
  presentIncidenceDetail,
  presentLineDetail,
  presentTruckDetail,
} from "../../../domain/bi/presenter";
import {
  incidenceCounts,
  incidenceDetails,
  lineCounts,
  lineDetails,
  type MetricScope,
  truckCounts,
  truckDetails,
} from "../../../domain/bi/repository";
import { machineHours, userHours } from "../../../domain/bi/task-metrics";
import { dwellPerDay, scorecard, setTolerance, toleranceOf } from "../../../domain/bi/yard-times";
import { errors } from "../../../errors";
import { pageOf } from "../../../http/page";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { requirePermission } from "../../../plugins/require-permission";
import { dwellRoutes } from "./dwell-routes";

const tags = ["metrics"];
const SCOPE =
  "Requires seeBi. Days are the yard's calendar days (the dock schedule's time zone, UTC " +
  "without one); date_end is inclusive. A user limited to some clients counts only their " +
  "clients' lines (and the trucks carrying them). ";
const responses = errorResponses(...API_ERRORS);

const scopeOf = (auth: AuthContext): MetricScope => ({
  companyId: auth.company.id,
  clientIds: auth.clientIds,
});

const rangeOf = (query: { date_start: string; date_end: string }) => ({
  start: query.date_start,
  end: query.date_end,
});

const pagingOf = (query: { page: number; page_size: number }) => ({
  limit: query.page_size,
  offset: (query.page - 1) * query.page_size,
});

/** api/metrics/*: BI figures (spec section 7) and the rows behind a bar or slice. */
export const metricsRoutes: FastifyPluginAsyncZod = async (app) => {
  const guard = { preHandler: requirePermission("seeBi") };
  await app.register(dwellRoutes);

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
      const found = await truckCounts(app.db, scopeOf(authOf(request)), rangeOf(request.query));
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
        scopeOf(authOf(request)),
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
      const scope = scopeOf(authOf(request));
      const found = await incidenceCounts(app.db, scope, rangeOf(request.query), type);
      return found.map(presentIncidenceCount);
    },
  });

  const TASKS =
    "Requires seeBi. Hours (time_hours) booked on the task list, summed over the lines whose " +
    "working day (a calendar day as entered, the yard's) is in the range; date_end is " +
    "inclusive; type is ignored. A user limited to some clients counts only their clients' " +
    "task lines. Rows without hours are left out; most hours first, rounded to 0.01 h. ";
  const hours = (value: number) => Math.round(value * 100) / 100;
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
      const found = await machineHours(app.db, scopeOf(authOf(request)), rangeOf(request.query));
      return found.map((row) => ({
        machinery: row.name,
        worksheet_id: row.id,
        value: hours(row.value),
      }));
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
      const found = await userHours(app.db, scopeOf(authOf(request)), rangeOf(request.query));
      return found.map((row) => ({ user: row.name, user_id: row.id, value: hours(row.value) }));
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
        scopeOf(authOf(request)),
        rangeOf(q),
        q.type,
        pagingOf(q),
      );
      const count = found[0]?.total ?? 0;
      const pageSize = { page: q.page, pageSize: q.page_size };
      return pageOf(request.url, pageSize, count, found.map(presentLineDetail));
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
      const scope = scopeOf(authOf(request));
      const found = await truckDetails(app.db, scope, rangeOf(q), pagingOf(q));
      const count = found[0]?.total ?? 0;
      const pageSize = { page: q.page, pageSize: q.page_size };
      return pageOf(request.url, pageSize, count, found.map(presentTruckDetail));
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
        scopeOf(authOf(request)),
        rangeOf(q),
        q.type,
        { statusId: q.status, reasonCode },
        pagingOf(q),
      );
      const count = found[0]?.total ?? 0;
      const pageSize = { page: q.page, pageSize: q.page_size };
      return pageOf(request.url, pageSize, count, found.map(presentIncidenceDetail));
    },
  });

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
    handler: async (request) => {
      const { type } = request.query;
      const scope = scopeOf(authOf(request));
      const found = await dwellPerDay(app.db, scope, rangeOf(request.query), type);
      const round = (value: number) => Math.round(value * 10) / 10;
      return found.map((row) => ({
        arrival_date: row.day,
        lines: row.lines,
        median_minutes: round(row.median),
        p90_minutes: round(row.p90),
      }));
    },
  });

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
    handler: async (request) => {
      const { type } = request.query;
      const auth = authOf(request);
      const tolerance = await toleranceOf(app.db, auth.company.id);
      const found = await scorecard(app.db, scopeOf(auth), rangeOf(request.query), type, tolerance);
      const round = (value: number) => Math.round(value * 10) / 10;
      return {
        tolerance_minutes: tolerance,
        results: found.map((row) => ({
          carrier: row.carrier,
          lines: row.lines,
          arrivals: row.arrivals,
          on_time: row.on_time,
          on_time_rate: row.arrivals > 0 ? round((100 * row.on_time) / row.arrivals) : null,
          incidences: row.incidences,
          median_dwell_minutes: row.median_dwell === null ? null : round(row.median_dwell),
        })),
      };
    },
  });

  app.get("/metrics/settings", {
    ...guard,
    schema: {
      tags,
      summary: "The company's metric settings (on-time tolerance)",
      description: "Requires seeBi. The tolerance is 15 minutes until an admin sets it.",
      response: { 200: MetricSettings, ...responses },
    },
    handler: async (request) => ({
      on_time_tolerance_minutes: await toleranceOf(app.db, authOf(request).company.id),
    }),
  });

  app.put("/metrics/settings", {
    schema: {
      tags,
      summary: "Set the company's on-time tolerance (admin)",
      description: "Minutes after the booked time an arrival still counts as on time (0..240).",
      body: MetricSettings,
      response: { 200: MetricSettings, ...responses },
    },
    handler: async (request) => {
      const auth = authOf(request);
      if (!auth.roles.includes("admin")) throw errors.forbidden();
      await setTolerance(app.db, auth.company.id, request.body.on_time_tolerance_minutes);
      return request.body;
    },
  });
};
