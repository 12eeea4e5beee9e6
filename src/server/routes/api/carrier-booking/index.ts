import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  CarrierBookingSettings,
  CarrierBookingSettingsAnswer,
  Decision,
  OfficeBooking,
  OfficeBookingQuery,
  OfficeBookings,
} from "../../../../shared/contract/carrier-booking";
import { authOf } from "../../../auth/context";
import {
  bookingsOfDay,
  decideBooking,
  readSettings,
  renewPage,
  writeSettings,
} from "../../../domain/carrier-booking/office";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const tags = ["carrier-booking"];

/**
 * The office's side of carrier bookings (issue 29): api/carrier-booking/settings (the page's
 * rules; admin writes), api/carrier-booking/page (a new address for the page, or none),
 * api/carrier-booking?day= (the day's bookings) and api/carrier-booking/{id}/decision.
 */
export const carrierBookingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/carrier-booking/settings", {
    schema: {
      tags,
      summary: "The carrier booking page's rules and address",
      description: "Seeing expeditions or receptions. token null: the company has no page.",
      response: { 200: CarrierBookingSettingsAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => readSettings(app.db, authOf(request)),
  });

  app.put("/carrier-booking/settings", {
    schema: {
      tags,
      summary: "Change the carrier booking rules",
      description:
        "Admin. Which operations carriers book, lead time (minutes), horizon (days), the " +
        "move/cancel cut-off (hours before the hour) and whether a reference must match a " +
        "planned line (match) or may make a line to confirm (create).",
      body: CarrierBookingSettings,
      response: { 200: CarrierBookingSettingsAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => writeSettings(app.db, authOf(request), request.body),
  });

  app.post("/carrier-booking/page", {
    schema: {
      tags,
      summary: "A new address for the carrier booking page",
      description: "Admin. The old address stops working at once; answers the new token.",
      response: { 200: CarrierBookingSettingsAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => renewPage(app.db, authOf(request)),
  });

  app.delete("/carrier-booking/page", {
    schema: {
      tags,
      summary: "Take the carrier booking page down",
      description: "Admin. Its address stops working at once; private links keep working.",
      response: { 200: CarrierBookingSettingsAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => renewPage(app.db, authOf(request), true),
  });

  app.get("/carrier-booking", {
    schema: {
      tags,
      summary: "The day's carrier bookings",
      description:
        "Bookings whose hour falls on the day (the yard's clock), every state, of the " +
        "operations the user sees.",
      querystring: OfficeBookingQuery,
      response: { 200: OfficeBookings, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => ({
      results: await bookingsOfDay(app.db, authOf(request), request.query.day),
    }),
  });

  app.post("/carrier-booking/:id/decision", {
    schema: {
      tags,
      summary: "Confirm or refuse a booking to confirm",
      description:
        "The line's edit right (editExp/editRecep). Refusing removes the line the booking " +
        "made and frees the hour; the carrier is told by mail either way. 409 when the booking " +
        "is not waiting for confirmation.",
      params: IdParams,
      body: Decision,
      response: { 200: OfficeBooking, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) =>
      decideBooking(app.db, authOf(request), request.params.id, request.body.confirm, {
        mailer: app.mailer,
        log: request.log,
        origin: `${request.protocol}://${request.host}`,
      }),
  });
};
