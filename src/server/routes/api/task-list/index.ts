import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { staleHistoryBody } from "../../../../shared/contract/errors";
import { listOf } from "../../../../shared/contract/paging";
import {
  EXPORT_MAX_LINES,
  LookupQuery,
  TaskLine,
  TaskLineExportQuery,
  TaskLineInput,
  TaskLineListQuery,
  TaskUser,
  WorkDescription,
  WorkDescriptionInput,
  WorkDescriptionQuery,
  Worksheet,
  WorksheetInput,
} from "../../../../shared/contract/task-list";
import { authOf } from "../../../auth/context";
import { taskLinesWorkbook } from "../../../domain/task-list/excel";
import { presentTaskLine } from "../../../domain/task-list/presenter";
import {
  insertWorkDescription,
  insertWorksheet,
  listCompanyUsers,
  listTaskLines,
  listWorkDescriptions,
  listWorksheets,
  worksheetInCompany,
} from "../../../domain/task-list/repository";
import {
  createTaskLine,
  createTaskLineOnce,
  readTaskLine,
  removeTaskLine,
  replaceTaskLine,
  taskScopeOf,
} from "../../../domain/task-list/service";
import { errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { createOnceWrite, versionedWrite } from "../../../http/route-schemas";
import { etagOf, ifMatchVersions } from "../../../http/versioning";
import { requirePermission } from "../../../plugins/require-permission";
import { languageFromHeader, textsFor } from "../../../texts";

const tags = ["task-list"];
const SCOPE =
  "Requires seeTasklist. Lines of the request's company; a user limited to some clients sees " +
  "only the lines of those clients (any other answers 404). ";
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const guard = requirePermission("seeTasklist");
/** Writes also need editTasklist: read-only and guard users write nothing (issue 25). */
const writer = [guard, requirePermission("editTasklist")];

/** The task list: lines, the Excel export, and the task, description and user lookups. */
export const taskListRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/task-line", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Task lines, grouped by task",
      description: `${SCOPE}Ordered by task name, then newest day. Filters: days inclusive, user, task (worksheet), reference.`,
      querystring: TaskLineListQuery,
      response: { 200: listOf(TaskLine), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize } = request.query;
      const { count, rows } = await listTaskLines(
        app.db,
        taskScopeOf(authOf(request)),
        request.query,
        rowWindow(request.query),
      );
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentTaskLine));
    },
  });

  app.get("/task-line/export", {
    preHandler: guard,
    schema: {
      tags,
      summary: "The filtered task lines as an Excel workbook",
      description:
        `${SCOPE}Same filters as the list, every page: one sheet with a header row, days as ` +
        `dates, hours and parts as numbers, and a totals row; headers in lang (else Accept-Language). ` +
        `At most ${EXPORT_MAX_LINES} lines.`,
      querystring: TaskLineExportQuery,
      response: {
        200: z.any().describe("The .xlsx file"),
        ...errorResponses(...API_ERRORS),
      },
    },
    handler: async (request, reply) => {
      const { count, rows } = await listTaskLines(
        app.db,
        taskScopeOf(authOf(request)),
        request.query,
        { limit: EXPORT_MAX_LINES, offset: 0 },
      );
      if (count > EXPORT_MAX_LINES) {
        throw errors.badRequest(`More than ${EXPORT_MAX_LINES} lines: narrow the dates`);
      }
      const language = request.query.lang ?? languageFromHeader(request.headers["accept-language"]);
      const body = await taskLinesWorkbook(rows, textsFor(language).taskListExcel);
      const day = new Date().toISOString().slice(0, 10);
      return reply
        .header("content-type", XLSX)
        .header("content-disposition", `attachment; filename="task-list-${day}.xlsx"`)
        .header("cache-control", "no-store")
        .send(body);
    },
  });

  app.post("/task-line", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Book a task line",
      description:
        `${SCOPE}user must belong to the company, description to the task, client to the ` +
        "user's clients (400 naming the field). Send an Idempotency-Key to create it once.",
      body: TaskLineInput,
      response: { 201: TaskLine, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request, reply) => {
      const view = await createTaskLine(app.db, authOf(request), request.body);
      reply
        .code(201)
        .header("etag", etagOf(view.version))
        .header("location", `/api/task-line/${view.id}`);
      return presentTaskLine(view);
    },
  });

  app.get("/task-line/:id", {
    preHandler: guard,
    schema: {
      tags,
      summary: "One task line",
      description: `${SCOPE}The ETag names its version (a device reads a line back after a refusal).`,
      params: IdParams,
      response: { 200: TaskLine, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const view = await readTaskLine(app.db, authOf(request), request.params.id);
      reply.header("etag", etagOf(view.version));
      return presentTaskLine(view);
    },
  });

  app.put("/task-line/uid/:uid", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Book a task line once under a client-chosen uid (a tablet's offline line)",
      description:
        `${SCOPE}The first call validates and creates the line (201, same rules as the POST); ` +
        "later calls with the same uid answer it as it is now (200) and change nothing.",
      ...createOnceWrite(TaskLine, 404, 413, 415),
      body: TaskLineInput,
    },
    handler: async (request, reply) => {
      const { view, created } = await createTaskLineOnce(
        app.db,
        authOf(request),
        request.params.uid,
        request.body,
      );
      reply
        .code(created ? 201 : 200)
        .header("etag", etagOf(view.version))
        .header("location", `/api/task-line/${view.id}`);
      return presentTaskLine(view);
    },
  });

  app.put("/task-line/:id", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Replace a task line",
      description: `${SCOPE}If-Match with a stale ETag answers 412 with the current line and changed_by (who wrote it, when recorded).`,
      ...versionedWrite({ 200: TaskLine }, staleHistoryBody(TaskLine), 404, 413, 415),
      body: TaskLineInput,
    },
    handler: async (request, reply) => {
      const view = await replaceTaskLine(
        app.db,
        authOf(request),
        request.params.id,
        request.body,
        ifMatchVersions(request.headers["if-match"]),
      );
      reply.header("etag", etagOf(view.version));
      return presentTaskLine(view);
    },
  });

  app.delete("/task-line/:id", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Delete a task line",
      description: `${SCOPE}If-Match with a stale ETag answers 412 with the current line and changed_by (who wrote it, when recorded).`,
      ...versionedWrite({ 204: z.null().describe("Deleted") }, staleHistoryBody(TaskLine), 404),
    },
    handler: async (request, reply) => {
      await removeTaskLine(
        app.db,
        authOf(request),
        request.params.id,
        ifMatchVersions(request.headers["if-match"]),
      );
      return reply.code(204).send(null);
    },
  });

  app.get("/worksheet", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Tasks (worksheets) of the company, by name",
      description: "Requires seeTasklist. search: name contains.",
      querystring: LookupQuery,
      response: { 200: listOf(Worksheet), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const auth = authOf(request);
      const { count, rows } = await listWorksheets(
        app.db,
        auth.company.id,
        search,
        rowWindow(request.query),
      );
      return pageOf(request.url, { page, pageSize }, count, rows);
    },
  });

  app.post("/worksheet", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Create a task",
      description: "Requires seeTasklist. The task belongs to the request's company.",
      body: WorksheetInput,
      response: { 201: Worksheet, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request, reply) => {
      const row = await insertWorksheet(app.db, authOf(request).company.id, request.body.name);
      return reply.code(201).send(row);
    },
  });

  app.get("/work-description", {
    preHandler: guard,
    schema: {
      tags,
      summary: "Work descriptions, by name",
      description:
        "Requires seeTasklist. worksheet: descriptions of that task; search: name contains.",
      querystring: WorkDescriptionQuery,
      response: { 200: listOf(WorkDescription), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, search, worksheet } = request.query;
      const { count, rows } = await listWorkDescriptions(
        app.db,
        authOf(request).company.id,
        { worksheet, search },
        rowWindow(request.query),
      );
      return pageOf(request.url, { page, pageSize }, count, rows);
    },
  });

  app.post("/work-description", {
    preHandler: writer,
    schema: {
      tags,
      summary: "Create a work description of a task",
      description: "Requires seeTasklist. worksheet must be a task of the company.",
      body: WorkDescriptionInput,
      response: { 201: WorkDescription, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request, reply) => {
      const { name, worksheet } = request.body;
      if (!(await worksheetInCompany(app.db, authOf(request).company.id, worksheet))) {
        throw errors.validation({ worksheet: ["Not a task of this company"] }, undefined, {
          worksheet: [{ code: "invalid_choice" }],
        });
      }
      return reply.code(201).send(await insertWorkDescription(app.db, worksheet, name));
    },
  });

  app.get("/task-user", {
    preHandler: guard,
    schema: {
      tags,
      summary: "People of the company, for the task list's user choice",
      description: "Requires seeTasklist. search: username or name contains.",
      querystring: LookupQuery,
      response: { 200: listOf(TaskUser), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const { count, rows } = await listCompanyUsers(
        app.db,
        authOf(request).company.id,
        search,
        rowWindow(request.query),
      );
      return pageOf(request.url, { page, pageSize }, count, rows);
    },
  });
};
