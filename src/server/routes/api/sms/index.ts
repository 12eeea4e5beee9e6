import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { listOf } from "../../../../shared/contract/paging";
import {
  SmsFailedBody,
  SmsListQuery,
  SmsMessage,
  SmsSendRequest,
} from "../../../../shared/contract/trucks";
import { authOf } from "../../../auth/context";
import { requireAllowed } from "../../../auth/permissions";
import { SHIPMENT_PERMISSIONS, scopeOf } from "../../../domain/lines/access";
import { findShipment } from "../../../domain/lines/repository";
import { presentSms } from "../../../domain/sms/presenter";
import { listSms } from "../../../domain/sms/repository";
import { requireSmsEnabled, sendSms } from "../../../domain/sms/service";
import { findShipper } from "../../../domain/trucks/repository";
import { errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["sms"];
/** A send's answers, from a truck or from a line. */
const SENT_ANSWERS = {
  201: SmsMessage,
  502: SmsFailedBody,
  ...errorResponses(...API_ERRORS, 404, 409, 413, 415, 429),
};
const DISABLED = "When SMS is disabled (SMS_ENABLED=false) it answers 409 sms_disabled. ";

/** SMS to drivers: send to a truck's phone, and the log of what was sent. */
export const smsRoutes: FastifyPluginAsyncZod = async (app) => {
  const enabled = requireSmsEnabled(app);
  const deps = () => ({ sms: app.sms, limits: app.serverConfig.limits });

  app.post("/shipper/:id/sms", {
    preHandler: [enabled, requirePermission("editTruck")],
    schema: {
      tags,
      summary: "Send an SMS to a truck's driver (editTruck)",
      description:
        `${DISABLED}Requires editTruck: sending is acting on the truck, and the roles that ` +
        "must not act on trucks (guard, read-only, kiosk, forklift, planner...) lack it. A truck " +
        "without a phone answers 400 with fields.phone. The message is stored either way; when " +
        "the gateway refuses it the answer is 502 sms_failed carrying the stored message. " +
        "Limits: one SMS per truck every SMS_TRUCK_INTERVAL_SECONDS (10) and " +
        "SMS_MAX_PER_USER_PER_MINUTE (20) per user; beyond them 429 rate_limited with " +
        "Retry-After (seconds), and nothing is sent.",
      params: IdParams,
      body: SmsSendRequest,
      response: SENT_ANSWERS,
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const truck = await findShipper(app.db, auth.company.id, request.params.id);
      if (!truck) throw errors.notFound();
      if (!truck.phone) {
        throw errors.validation({ phone: ["The truck has no phone number"] });
      }
      const sms = await sendSms(
        app.db,
        auth,
        { to: truck.phone, body: request.body.message, shipperId: truck.id },
        deps(),
      );
      return reply.code(201).send(sms);
    },
  });

  // From a line (spec 02 section 7: "SMS: send {id, message, base path expedition or
  // reception}"): to the phone of the line's truck, logged with the line.
  for (const [path, type] of [
    ["expedition", SHIPMENT_TYPE.expedition],
    ["reception", SHIPMENT_TYPE.reception],
  ] as const) {
    const edit = SHIPMENT_PERMISSIONS[type].edit;
    app.post(`/${path}/:id/sms`, {
      preHandler: [enabled],
      schema: {
        tags,
        summary: `Send an SMS to the driver of ${path === "expedition" ? "an" : "a"} ${path}'s truck (${edit})`,
        description:
          `${DISABLED}Requires ${edit} on a line the user sees (client scope). A line without a ` +
          "truck, or whose truck has no phone, answers 400 with fields.phone. The message is " +
          "logged with the truck and the line; the truck's limits apply (one SMS per truck every " +
          "SMS_TRUCK_INTERVAL_SECONDS, SMS_MAX_PER_USER_PER_MINUTE per user: 429 rate_limited " +
          "with Retry-After). A gateway refusal answers 502 sms_failed.",
        params: IdParams,
        body: SmsSendRequest,
        response: SENT_ANSWERS,
      },
      handler: async (request, reply) => {
        const auth = authOf(request);
        requireAllowed(auth, edit);
        const line = await findShipment(app.db, scopeOf(auth), request.params.id, type);
        if (!line) throw errors.notFound();
        const phone = line.shipper?.phone;
        if (!line.shipper || !phone) {
          throw errors.validation({ phone: ["The line's truck has no phone number"] });
        }
        const sms = await sendSms(
          app.db,
          auth,
          {
            to: phone,
            body: request.body.message,
            shipperId: line.shipper.id,
            shipmentId: line.shipment.id,
          },
          deps(),
        );
        return reply.code(201).send(sms);
      },
    });
  }

  app.get("/sms", {
    preHandler: enabled,
    schema: {
      tags,
      summary: "SMS log, newest first",
      description:
        `${DISABLED}Messages the company sent, sent or failed (with the gateway's answer), ` +
        "optionally only those to one truck (shipper). Open to every member of the company, " +
        "like the trucks themselves.",
      querystring: SmsListQuery,
      response: { 200: listOf(SmsMessage), ...errorResponses(...API_ERRORS, 409) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, shipper } = request.query;
      const { count, rows } = await listSms(app.db, authOf(request).company.id, {
        shipperId: shipper,
        ...rowWindow(request.query),
      });
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentSms));
    },
  });
};
