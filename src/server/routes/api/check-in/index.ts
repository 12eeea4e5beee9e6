import { randomBytes } from "node:crypto";
import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  CHECK_IN_PAGE_ROLES,
  CheckInAnswer,
  CheckInInput,
  CheckInPageAnswer,
  CheckInUidParams,
  CheckOutAnswer,
  CheckOutInput,
  canCheckIn,
  ValidateAnswer,
  ValidateQuery,
} from "../../../../shared/contract/check-in";
import { authOf } from "../../../auth/context";
import { activePage, insertPage, revokePages } from "../../../domain/check-in/repository";
import {
  type CheckInActor,
  checkInOnce,
  checkOutOnce,
  validateReference,
} from "../../../domain/check-in/service";
import { actorOf as eventActorOf } from "../../../domain/webhooks/emit";
import { errors } from "../../../errors";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { etagOf } from "../../../http/versioning";

const tags = ["check-in"];
const WHO =
  "Truck access and the office roles (admin, office, warehouse responsible); every other " +
  "role, or a combination with one, answers 403. ";

const gate: preHandlerAsyncHookHandler = async (request) => {
  if (!canCheckIn(authOf(request).roles)) throw errors.forbidden();
};

const pageAdmin: preHandlerAsyncHookHandler = async (request) => {
  const { roles } = authOf(request);
  if (roles.length === 0 || !roles.every((role) => CHECK_IN_PAGE_ROLES.includes(role))) {
    throw errors.forbidden();
  }
};

function actorOf(request: Parameters<preHandlerAsyncHookHandler>[0]): CheckInActor {
  const auth = authOf(request);
  return { companyId: auth.company.id, userId: auth.user.id, event: eventActorOf(auth) };
}

/** The gate terminal (issue 15): validate a reference, check a truck in, check it out. */
export const checkInRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/check-in/validate", {
    preHandler: gate,
    schema: {
      tags,
      summary: "The day's lines of a delivery reference",
      description:
        `${WHO}Lines of the check-in type (1 load: expeditions, 2 download: receptions) ` +
        "booked today on the yard's clock whose delivery note is the reference (case-" +
        "insensitive), with client, warehouse, dock and the truck already on each. None: hint " +
        "says whether the reference exists on another day or for the other type.",
      querystring: ValidateQuery,
      response: { 200: ValidateAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) =>
      validateReference(
        app.db,
        authOf(request).company.id,
        request.query.reference,
        request.query.type,
      ),
  });

  app.put("/check-in/uid/:uid", {
    preHandler: gate,
    schema: {
      tags,
      summary: "Check a truck in to a line, once per uid",
      description:
        `${WHO}Assigns the truck to the line and stamps the arrival on both (the truck's ` +
        "register_date, the line's arrival_date), with a history entry; with SMS enabled and a " +
        "phone, the driver gets the dock by SMS. The truck: `shipper` (an id) or `truck` (plate, " +
        "name, phone): the company's truck with that plate, else a new one. The first call " +
        "answers 201 with the line; a repeat of the uid answers the line as it is now (200) and " +
        "changes nothing, so a check-in queued offline applies once. Refusals (409): " +
        "line_taken (another truck is on the line), line_mismatch (not today's or not this " +
        "type). 404: no such line.",
      params: CheckInUidParams,
      body: CheckInInput,
      response: {
        200: CheckInAnswer,
        201: CheckInAnswer,
        ...errorResponses(...API_ERRORS, 404, 409, 413, 415),
      },
    },
    handler: async (request, reply) => {
      const { answer, created } = await checkInOnce(
        app.db,
        actorOf(request),
        request.params.uid,
        request.body,
        { sms: app.sms, smsEnabled: app.serverConfig.runtime.smsEnabled, log: request.log },
      );
      reply.code(created ? 201 : 200).header("etag", etagOf(answer.version));
      return answer;
    },
  });

  app.get("/check-in/page", {
    preHandler: gate,
    schema: {
      tags,
      summary: "The company's public self check-in page",
      description:
        `${WHO}The token of the page /check-in/{token} (for the gate's QR poster), or null ` +
        "when the company has none.",
      response: { 200: CheckInPageAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => ({ token: await activePage(app.db, authOf(request).company.id) }),
  });

  app.post("/check-in/page", {
    preHandler: pageAdmin,
    schema: {
      tags,
      summary: "A new address for the public self check-in page",
      description:
        "Admin, office and warehouse responsible. Revokes the company's current page (its " +
        "address stops working at once) and answers the new token (201).",
      response: { 201: CheckInPageAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request, reply) => {
      const companyId = authOf(request).company.id;
      const token = randomBytes(18).toString("base64url");
      await app.db.transaction(async (tx) => {
        await revokePages(tx, companyId);
        await insertPage(tx, companyId, token);
      });
      return reply.code(201).send({ token });
    },
  });

  app.delete("/check-in/page", {
    preHandler: pageAdmin,
    schema: {
      tags,
      summary: "Take the public self check-in page down",
      description: "Admin, office and warehouse responsible. Its address stops working at once.",
      response: { 204: z.null().describe("Revoked"), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request, reply) => {
      await revokePages(app.db, authOf(request).company.id);
      return reply.code(204).send(null);
    },
  });

  app.put("/check-out/uid/:uid", {
    preHandler: gate,
    schema: {
      tags,
      summary: "Check a truck out by plate, once per uid",
      description:
        `${WHO}Stamps the departure (expedition_date) of the truck with the plate and records ` +
        "it in the history of the line it last checked in to. Refusals (409): " +
        "truck_not_arrived, truck_departed (already left since its last arrival). 404: no " +
        "truck with the plate. A repeat of the uid answers the truck as it is now (200).",
      params: CheckInUidParams,
      body: CheckOutInput,
      response: {
        200: CheckOutAnswer,
        201: CheckOutAnswer,
        ...errorResponses(...API_ERRORS, 404, 409, 413, 415),
      },
    },
    handler: async (request, reply) => {
      const { answer, created } = await checkOutOnce(
        app.db,
        actorOf(request),
        request.params.uid,
        request.body.plate,
      );
      reply.code(created ? 201 : 200).header("etag", etagOf(answer.version));
      return answer;
    },
  });
};
