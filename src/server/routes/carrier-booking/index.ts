import { createHash } from "node:crypto";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  BookingAnswer,
  BookingInput,
  BookingPage,
  BookingRefusal,
  BookingToken,
  CarrierBooking,
  FreeHours,
  FreeHoursQuery,
  MoveInput,
} from "../../../shared/contract/carrier-booking";
import { OPERATION_TYPES } from "../../../shared/contract/scheduling";
import { admitAttempt, pruneExpired, type ThrottleKey } from "../../auth/login-throttle";
import { formStamp } from "../../domain/carrier-booking/form-stamp";
import { freeHours, windowOf } from "../../domain/carrier-booking/hours";
import {
  cancelBooking,
  managedFreeHours,
  moveBooking,
  readManaged,
} from "../../domain/carrier-booking/manage";
import { isUnknownReference } from "../../domain/carrier-booking/refusals";
import { pageOfToken } from "../../domain/carrier-booking/repository";
import { bookSlot, type BookingPage as Page } from "../../domain/carrier-booking/service";
import { errors } from "../../errors";
import { errorResponses } from "../../http/responses";
import { registerMail } from "../../plugins/mail";

/** The window of the limits per client address and per page. */
export const CARRIER_BOOKING_WINDOW_SECONDS = 600;
const GONE = "This booking page does not exist";

function digest(token: string): string {
  return createHash("sha256").update(token).digest("base64url").slice(0, 32);
}

/**
 * The carrier booking page (issue 29), public: api/public/carrier-booking/{token}. Limits as
 * the self check-in page's: every request counts against its client address; only an unknown
 * reference counts against the page, so strangers cannot lock the page for carriers whose
 * reference the warehouse expects. Counted in the database (login_throttle), across instances.
 */
export const carrierBookingRoutes: FastifyPluginAsyncZod<{ secret: Uint8Array }> = async (
  app,
  options,
) => {
  registerMail(app);
  const limits = app.serverConfig.limits;
  const count = async (key: ThrottleKey) => {
    const admission = await admitAttempt(app.db, [key], CARRIER_BOOKING_WINDOW_SECONDS);
    if (admission.ok) return;
    await pruneExpired(app.db);
    throw errors.rateLimited(admission.retryAfter);
  };
  const limitAddress = (address: string) =>
    count({ key: `carrier-booking:ip:${address}`, limit: limits.carrierBookingPerAddress });
  const countFailure = (token: string) =>
    count({ key: `carrier-booking:page:${digest(token)}`, limit: limits.carrierBookingPerPage });
  const livePage = async (token: string): Promise<Page> => {
    const found = await pageOfToken(app.db, token);
    if (!found || (!found.settings.load && !found.settings.unload)) throw errors.notFound(GONE);
    return { ...found, token };
  };
  const mailDeps = (request: FastifyRequest) => ({
    mailer: app.mailer,
    log: request.log,
    origin: `${request.protocol}://${request.host}`,
  });
  const tags = ["carrier-booking"];
  const limitsText =
    `At most ${limits.carrierBookingPerAddress} requests per client address and ` +
    `${limits.carrierBookingPerPage} unknown references per page in ten minutes, across ` +
    "server instances (429 rate_limited with Retry-After).";

  app.get("/public/carrier-booking/:token", {
    schema: {
      tags,
      summary: "The carrier booking page (no login)",
      description: `What the page offers: operations, days, reference mode, the form's stamp. ${limitsText}`,
      params: BookingToken,
      response: { 200: BookingPage, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      const page = await livePage(request.params.token);
      const window = await windowOf(app.db, page.companyId, page.settings);
      return {
        company: page.company,
        operations: OPERATION_TYPES.filter((operation) => page.settings[operation]),
        time_zone: window.zone,
        first_day: window.firstDay,
        last_day: window.lastDay,
        reference_mode: page.settings.referenceMode,
        form: formStamp(options.secret, page.token),
      };
    },
  });

  app.get("/public/carrier-booking/:token/hours", {
    schema: {
      tags,
      summary: "The free hours of a day (no login)",
      description:
        "The dock's free hours of the day for the operation (capacity, restricted dates, " +
        `opening hours) inside the company's lead time and horizon. ${limitsText}`,
      params: BookingToken,
      querystring: FreeHoursQuery,
      response: { 200: FreeHours, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      const page = await livePage(request.params.token);
      const { operation, day } = request.query;
      if (!page.settings[operation]) return { day, hours: [] };
      const window = await windowOf(app.db, page.companyId, page.settings);
      return { day, hours: await freeHours(app.db, page.companyId, window, operation, day) };
    },
  });

  app.post("/public/carrier-booking/:token", {
    schema: {
      tags,
      summary: "A carrier books a dock hour (no login)",
      description:
        "Books the hour for the reference's planned line (or makes a line to confirm, with the " +
        "company's create mode) and mails the carrier the booking, a calendar invitation, the " +
        "self check-in QR and the private link to move or cancel. A refused hour answers 400 " +
        "with its code on start (slot_full, restricted_date, outside_hours, too_soon, too_far) " +
        `and the nearest free hours in alternatives. ${limitsText}`,
      params: BookingToken,
      body: BookingInput,
      response: { 201: BookingAnswer, 400: BookingRefusal, ...errorResponses(404, 413, 415, 429) },
    },
    handler: async (request, reply) => {
      const { token } = request.params;
      await limitAddress(request.ip);
      const page = await livePage(token);
      try {
        const answer = await bookSlot(app.db, page, request.body, {
          ...mailDeps(request),
          secret: options.secret,
          minFillMs: limits.carrierBookingMinFillMs,
        });
        return reply.code(201).send(answer);
      } catch (error) {
        if (isUnknownReference(error)) await countFailure(token);
        throw error;
      }
    },
  });

  app.get("/public/carrier-booking/manage/:token", {
    schema: {
      tags,
      summary: "A carrier's booking by its private link (no login)",
      description: `The booking and until when it may be moved or cancelled. ${limitsText}`,
      params: BookingToken,
      response: { 200: CarrierBooking, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      return readManaged(app.db, request.params.token);
    },
  });

  app.get("/public/carrier-booking/manage/:token/hours", {
    schema: {
      tags,
      summary: "The free hours a booking may move to (no login)",
      description: `The free hours of the day for the booking's operation. ${limitsText}`,
      params: BookingToken,
      querystring: FreeHoursQuery.pick({ day: true }),
      response: { 200: FreeHours, ...errorResponses(400, 404, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      const { day } = request.query;
      return { day, hours: await managedFreeHours(app.db, request.params.token, day) };
    },
  });

  app.post("/public/carrier-booking/manage/:token/move", {
    schema: {
      tags,
      summary: "Move a booking to another hour (no login)",
      description:
        "Booking again: the same rules as a new booking; the line takes the new hour and a new " +
        `mail goes out. Until the company's cut-off (400 past_cutoff after). ${limitsText}`,
      params: BookingToken,
      body: MoveInput,
      response: { 200: CarrierBooking, 400: BookingRefusal, ...errorResponses(404, 409, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      return moveBooking(app.db, request.params.token, request.body.start, mailDeps(request));
    },
  });

  app.post("/public/carrier-booking/manage/:token/cancel", {
    schema: {
      tags,
      summary: "Cancel a booking (no login)",
      description: `Frees the hour and mails the carrier. Until the company's cut-off. ${limitsText}`,
      params: BookingToken,
      response: { 200: CarrierBooking, ...errorResponses(400, 404, 409, 429) },
    },
    handler: async (request) => {
      await limitAddress(request.ip);
      return cancelBooking(app.db, request.params.token, mailDeps(request));
    },
  });
};
