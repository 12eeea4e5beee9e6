import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CRITICAL_LINE_TEXT_FILTERS,
  CriticalLine,
  CriticalLineHistoryEntry,
  CriticalLineInput,
  CriticalLineListQuery,
} from "../../../../shared/contract/critical-lines";
import { staleHistoryBody } from "../../../../shared/contract/errors";
import { authOf } from "../../../auth/context";
import { historyOf } from "../../../domain/critical-lines/history";
import { presentCriticalLine } from "../../../domain/critical-lines/presenter";
import { findCriticalLine, listCriticalLines } from "../../../domain/critical-lines/repository";
import {
  createCriticalLine,
  createCriticalLineOnce,
  removeCriticalLine,
  replaceCriticalLine,
} from "../../../domain/critical-lines/service";
import { errors } from "../../../errors";
import { dateRange } from "../../../http/date-range";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { createOnceWrite, versionedWrite } from "../../../http/route-schemas";
import { etagOf, ifMatchVersions } from "../../../http/versioning";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["critical-line"];
const Stale = staleHistoryBody(CriticalLine);
const ETAG = 'Answers the line\'s ETag ("<version>"). ';

/** Critical lines of the request's company (spec 02: list, save, read, delete). */
export const criticalLineRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/critical-line", {
    preHandler: requirePermission("seeCriticalLines"),
    schema: {
      tags,
      summary: "Critical lines, filtered and paged (seeCriticalLines)",
      description:
        "Earliest start first, then id. A line is in the date range when it overlaps it: " +
        "end_date on or after date_after, init_date on or before date_before (a day or " +
        "minute bound covers the whole day or minute; read as UTC without an offset). Text " +
        "filters match anywhere, case-insensitive. Page size 10 unless page_size says otherwise.",
      querystring: CriticalLineListQuery,
      response: {
        200: z.object({
          count: z.number().int(),
          next: z.string().nullable(),
          previous: z.string().nullable(),
          results: z.array(CriticalLine),
        }),
        ...errorResponses(...API_ERRORS),
      },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, date_after, date_before } = request.query;
      const { from, until } = dateRange("date", date_after, date_before);
      const texts = Object.fromEntries(
        CRITICAL_LINE_TEXT_FILTERS.map((field) => [field, request.query[field] || undefined]),
      );
      const { count, rows } = await listCriticalLines(app.db, authOf(request).company.id, {
        from,
        until,
        texts,
        ...rowWindow(request.query),
      });
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentCriticalLine));
    },
  });

  app.get("/critical-line/:id", {
    preHandler: requirePermission("seeCriticalLines"),
    schema: {
      tags,
      summary: "One critical line (seeCriticalLines)",
      description: `${ETAG}A line of another company answers 404.`,
      params: IdParams,
      response: { 200: CriticalLine, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const row = await findCriticalLine(app.db, authOf(request).company.id, request.params.id);
      if (!row) throw errors.notFound();
      reply.header("etag", etagOf(row.version));
      return presentCriticalLine(row);
    },
  });

  app.get("/critical-line/:id/history", {
    preHandler: [requirePermission("seeCriticalLines"), requirePermission("seeHistory")],
    schema: {
      tags,
      summary: "Changes of a critical line, newest first (seeHistory)",
      description:
        "Who created or changed the line, when, and each field's old and new value. A user " +
        "deleted since is still named; user is null only when unknown.",
      params: IdParams,
      response: {
        200: z.object({
          count: z.number().int(),
          next: z.string().nullable(),
          previous: z.string().nullable(),
          results: z.array(CriticalLineHistoryEntry),
        }),
        ...errorResponses(...API_ERRORS, 404),
      },
    },
    handler: async (request) => {
      const companyId = authOf(request).company.id;
      if (!(await findCriticalLine(app.db, companyId, request.params.id))) throw errors.notFound();
      const results = await historyOf(app.db, companyId, request.params.id);
      return { count: results.length, next: null, previous: null, results };
    },
  });

  app.post("/critical-line", {
    preHandler: requirePermission("addCL"),
    schema: {
      tags,
      summary: "Create a critical line (addCL)",
      description: `Requires addCL. ${ETAG}init_date and end_date are required.`,
      body: CriticalLineInput,
      response: { 201: CriticalLine, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await createCriticalLine(app.db, auth, request.body);
      reply
        .code(201)
        .header("etag", etagOf(row.version))
        .header("location", `/api/critical-line/${row.id}`);
      return presentCriticalLine(row);
    },
  });

  app.put("/critical-line/uid/:uid", {
    preHandler: requirePermission("addCL"),
    schema: {
      tags,
      summary: "Create a critical line under a client-chosen id (addCL), idempotent",
      description:
        `Requires addCL. ${ETAG}The first call creates the line (201); later calls with the ` +
        "same uid answer it as it is now (200) and change nothing.",
      ...createOnceWrite(CriticalLine, 413, 415),
      body: CriticalLineInput,
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const { row, created } = await createCriticalLineOnce(
        app.db,
        auth,
        request.params.uid,
        request.body,
      );
      reply
        .code(created ? 201 : 200)
        .header("etag", etagOf(row.version))
        .header("location", `/api/critical-line/${row.id}`);
      return presentCriticalLine(row);
    },
  });

  app.put("/critical-line/:id", {
    preHandler: requirePermission("editCL"),
    schema: {
      tags,
      summary: "Replace a critical line (editCL)",
      description: `Requires editCL. ${ETAG}Every field is replaced; bumps the version.`,
      ...versionedWrite({ 200: CriticalLine }, Stale, 404, 413, 415),
      body: CriticalLineInput,
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await replaceCriticalLine(
        app.db,
        auth,
        request.params.id,
        request.body,
        ifMatchVersions(request.headers["if-match"]),
      );
      reply.header("etag", etagOf(row.version));
      return presentCriticalLine(row);
    },
  });

  app.delete("/critical-line/:id", {
    preHandler: requirePermission("deleteCL"),
    schema: {
      tags,
      summary: "Delete a critical line (deleteCL)",
      description:
        "Requires deleteCL: only roles that may edit critical lines without restriction delete them.",
      ...versionedWrite({ 204: z.null().describe("Deleted") }, Stale, 404),
    },
    handler: async (request, reply) => {
      await removeCriticalLine(
        app.db,
        authOf(request),
        request.params.id,
        ifMatchVersions(request.headers["if-match"]),
      );
      return reply.code(204).send(null);
    },
  });
};
