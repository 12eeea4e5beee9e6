import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  AvailableDates,
  AvailableDatesQuery,
  DaySlots,
  DockSchedule,
  RestrictedDate,
  RestrictedDateCreate,
  RestrictedDateList,
  RestrictedDateQuery,
} from "../../../../shared/contract/scheduling";
import { authOf } from "../../../auth/context";
import { presentSchedule } from "../../../domain/scheduling/presenter";
import {
  deleteRestricted,
  findSchedule,
  insertRestricted,
  listRestricted,
  saveSchedule,
} from "../../../domain/scheduling/repository";
import {
  offeredHours,
  requireAdmin,
  requireManagesLockdowns,
  requireSeesLines,
  requireSeesOperation,
  scheduleRowOf,
  slotsOfDay,
} from "../../../domain/scheduling/service";
import { errors } from "../../../errors";
import { pageOf } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const SLOTS =
  "Hours are the yard's clock (the dock schedule's time zone): the slots 06:00 to 21:00. " +
  "Receptions (operation_type unload) keep to the opening hours and unload_per_hour, and a " +
  "restricted date offers them nothing; expeditions (load) have every slot, limited to " +
  "load_per_hour only when limit_expeditions is on. No limit when null. Requires seeing " +
  "that operation's lines (seeExpeditions/seeReceptions).";

/** api/available-dates, api/dock-schedule, api/restricted-date (issue 12). */
export const schedulingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/available-dates", {
    schema: {
      tags: ["scheduling"],
      summary: "The hour slots still bookable on a day",
      description:
        `${SLOTS} Answers each bookable slot as YYYY-MM-DDTHH:mm:ss with the yard's offset. ` +
        "The lockdowns permission books any hour regardless of hours, restricted dates and " +
        "capacity (the form offers all 16; the day board shows the overbooking).",
      querystring: AvailableDatesQuery,
      response: { 200: AvailableDates, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireSeesOperation(auth, request.query.operation_type);
      const day = await slotsOfDay(
        app.db,
        auth.company.id,
        request.query.date,
        request.query.operation_type,
      );
      return offeredHours(day);
    },
  });

  app.get("/available-dates/day", {
    schema: {
      tags: ["scheduling"],
      summary: "Every hour slot of a day with its bookings and capacity (the day board)",
      description: SLOTS,
      querystring: AvailableDatesQuery,
      response: { 200: DaySlots, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireSeesOperation(auth, request.query.operation_type);
      return slotsOfDay(app.db, auth.company.id, request.query.date, request.query.operation_type);
    },
  });

  app.get("/dock-schedule", {
    schema: {
      tags: ["scheduling"],
      summary: "The company's dock schedule",
      description:
        "Time zone, opening hours and capacity per hour slot. A company that never set one " +
        "answers the defaults (UTC, 6 to 21, no limit). Requires seeing expeditions or receptions.",
      response: { 200: DockSchedule, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireSeesLines(auth);
      return presentSchedule(await findSchedule(app.db, auth.company.id));
    },
  });

  app.put("/dock-schedule", {
    schema: {
      tags: ["scheduling"],
      summary: "Set the company's dock schedule (admin)",
      description:
        "Requires the admin role. time_zone must be an IANA zone (400 invalid_choice); " +
        "closes_at is the last slot's hour, not before opens_at. Applies to bookings made " +
        "from now on; lines already booked stay.",
      body: DockSchedule,
      response: { 200: DockSchedule, ...errorResponses(...API_ERRORS, 403, 413, 415) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireAdmin(auth);
      const row = scheduleRowOf(request.body);
      return presentSchedule(await saveSchedule(app.db, auth.company.id, row));
    },
  });

  app.get("/restricted-date", {
    schema: {
      tags: ["scheduling"],
      summary: "Restricted dates (lockdowns) of the company, by date",
      description: "Page size 10 by default. Requires seeing expeditions or receptions.",
      querystring: RestrictedDateQuery,
      response: { 200: RestrictedDateList, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireSeesLines(auth);
      const { page, page_size: pageSize } = request.query;
      const { count, rows } = await listRestricted(app.db, auth.company.id, page, pageSize);
      return pageOf(request.url, { page, pageSize }, count, rows);
    },
  });

  app.post("/restricted-date", {
    schema: {
      tags: ["scheduling"],
      summary: "Restrict a date (trw companies, lockdowns)",
      description:
        "Only in trw companies, with the lockdowns permission (403 otherwise). No reception " +
        "can be booked on the date afterwards, except by lockdowns holders (lines already " +
        "booked stay). A date already restricted is a 409.",
      body: RestrictedDateCreate,
      response: { 201: RestrictedDate, ...errorResponses(...API_ERRORS, 403, 413, 415) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      requireManagesLockdowns(auth);
      const row = await insertRestricted(app.db, auth.company.id, request.body.date, auth.user.id);
      if (!row) throw errors.conflict({ date: ["This date is already restricted"] });
      reply.code(201).header("location", `/api/restricted-date/${row.id}`);
      return row;
    },
  });

  app.delete("/restricted-date/:id", {
    schema: {
      tags: ["scheduling"],
      summary: "Lift a restricted date (trw companies, lockdowns)",
      description: "Only in trw companies, with the lockdowns permission (403 otherwise).",
      params: IdParams,
      response: { 204: z.null().describe("Removed"), ...errorResponses(...API_ERRORS, 403, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      requireManagesLockdowns(auth);
      if (!(await deleteRestricted(app.db, auth.company.id, request.params.id))) {
        throw errors.notFound();
      }
      return reply.code(204).send(null);
    },
  });
};
