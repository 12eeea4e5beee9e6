import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { staleHistoryBody } from "../../../../shared/contract/errors";
import { listOf } from "../../../../shared/contract/paging";
import {
  Expedition,
  HistoryEntry,
  HistoryQuery,
  Reception,
  ReceptionListQuery,
  Shipment,
  ShipmentListQuery,
  ShipmentPatch,
} from "../../../../shared/contract/shipments";
import {
  ShipmentChangesRequest,
  ShipmentChangesResponse,
} from "../../../../shared/contract/shipments-changes";
import type { ShipmentType } from "../../../../shared/contract/status";
import { TIMING_TOLERANCE_MINUTES } from "../../../../shared/shipment-timing";
import { hidesIssued } from "../../../../shared/status-rules";
import { authOf } from "../../../auth/context";
import { requireAllowed } from "../../../auth/permissions";
import { purgeDeletedShipment } from "../../../domain/documents/attachment-service";
import { readAnyShipment, SHIPMENT_PERMISSIONS, scopeOf } from "../../../domain/lines/access";
import { findShipment } from "../../../domain/lines/repository";
import { applyShipmentChanges } from "../../../domain/shipments/batch";
import { presentHistory, presentShipment } from "../../../domain/shipments/presenter";
import { listHistory, listShipments } from "../../../domain/shipments/repository";
import { guard, patchShipment, removeShipment } from "../../../domain/shipments/service";
import { errors } from "../../../errors";
import { dateRange } from "../../../http/date-range";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { versionedWrite } from "../../../http/route-schemas";
import { sentAsBuilt } from "../../../http/sent-as-built";
import { etagOf, ifMatchVersions } from "../../../http/versioning";
import { shipmentWriteRoutes } from "./write-routes";

const SCOPE =
  "Scoped to the request's company; a user limited to some clients (client role) only ever " +
  "sees and touches the lines of those clients: any other line answers 404, like a deleted " +
  "or missing one. ";
const ETAG = 'Answers the line\'s ETag ("<version>"). ';
const TIMING =
  `timing is in_time, forward or delay: arrived more than ${TIMING_TOLERANCE_MINUTES} ` +
  "minutes before booked_date is forward, more than that after it delay; not arrived is " +
  `delay once booked_date + ${TIMING_TOLERANCE_MINUTES} minutes has passed, else in_time. `;

interface TypeRoutes {
  type: ShipmentType;
  /** Path segment: expedition or reception. */
  path: string;
  line: typeof Expedition | typeof Reception;
  query: typeof ShipmentListQuery | typeof ReceptionListQuery;
  place: "destination" | "origin";
  action: string;
}

const TYPES: TypeRoutes[] = [
  {
    type: SHIPMENT_TYPE.expedition,
    path: "expedition",
    line: Expedition,
    query: ShipmentListQuery,
    place: "destination",
    action: "loading date",
  },
  {
    type: SHIPMENT_TYPE.reception,
    path: "reception",
    line: Reception,
    query: ReceptionListQuery,
    place: "origin",
    action: "discharge date",
  },
];

/** Expeditions, receptions, any shipment by id, and their history. */
export const shipmentRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(shipmentWriteRoutes);
  for (const { type, path, line, query, place, action } of TYPES) {
    const tags = [path];
    const { see, edit, remove } = SHIPMENT_PERMISSIONS[type];
    const Stale = staleHistoryBody(line);
    const present = (view: Parameters<typeof presentShipment>[0]) =>
      presentShipment(view, new Date());

    app.get(`/${path}`, {
      preHandler: guard(type, "read"),
      schema: {
        tags,
        summary: `${path === "expedition" ? "Expeditions" : "Receptions"} list, filtered and paged`,
        description:
          `Requires ${see}. ${SCOPE}Ordered by booked_date, then id; 10 per page by default. ` +
          "Each line carries its client {id, description}, truck (shipper {id, name, phone, " +
          `plate}), status {id, description, color}, reason {id, code, name} or null, its ` +
          `${place} (action_date is the ${action}), version and timing. ${TIMING}` +
          "booked_date_after/before are inclusive bounds read as UTC without an offset; code, " +
          `route_plate, info_shipper${place === "origin" ? " and origin" : ""} match anywhere ` +
          "(case-insensitive); search matches the delivery note, the route plate or the truck's " +
          "plate (plates compared without spaces or hyphens); client and status take one or more ids (repeat the parameter " +
          "or separate with commas). Company kl leaves out lines in status 3 (issued) unless " +
          "show_issued=true or status names 3.",
        querystring: query,
        response: { 200: listOf(line), ...errorResponses(...API_ERRORS) },
      },
      // Every device reloads it: sent as presentShipment built it (http/sent-as-built.ts).
      serializerCompiler: sentAsBuilt,
      handler: async (request) => {
        const q = request.query as z.infer<typeof ReceptionListQuery>;
        const auth = authOf(request);
        const { from, until } = dateRange("booked_date", q.booked_date_after, q.booked_date_before);
        const issuedHidden =
          type === SHIPMENT_TYPE.expedition &&
          hidesIssued({ companyCode: auth.company.code, showIssued: q.show_issued }) &&
          !q.status?.includes(3);
        const { count, rows } = await listShipments(app.db, scopeOf(auth), {
          type,
          bookedFrom: from,
          bookedUntil: until,
          code: q.code || undefined,
          search: q.search || undefined,
          routePlate: q.route_plate || undefined,
          infoShipper: q.info_shipper || undefined,
          place: q.origin || undefined,
          clientIds: q.client,
          statusIds: q.status,
          hiddenStatusIds: issuedHidden ? [3] : undefined,
          ...rowWindow(q),
        });
        const now = new Date();
        const paging = { page: q.page, pageSize: q.page_size };
        return pageOf(
          request.url,
          paging,
          count,
          rows.map((row) => presentShipment(row, now)),
        );
      },
    });

    app.get(`/${path}/:id`, {
      preHandler: guard(type, "read"),
      schema: {
        tags,
        summary: `One ${path}`,
        description: `Requires ${see}. ${SCOPE}${ETAG}${TIMING}`,
        params: IdParams,
        response: { 200: line, ...errorResponses(...API_ERRORS, 404) },
      },
      handler: async (request, reply) => {
        const view = await findShipment(app.db, scopeOf(authOf(request)), request.params.id, type);
        if (!view) throw errors.notFound();
        reply.header("etag", etagOf(view.shipment.version));
        return present(view);
      },
    });

    app.patch(`/${path}/:id`, {
      preHandler: guard(type, "patch"),
      schema: {
        tags,
        summary: `Change the status, reason or truck of ${path === "expedition" ? "an" : "a"} ${path}`,
        description:
          `Requires ${see} and, by body: {status} editStatus, {reason} editReasons, ` +
          `{shipper} ${edit}. Exactly one of them. status must be a status of ${path}s ` +
          "(400 fields.status) and clears the reason; reason is a code of the line's current " +
          "status (400 fields.reason otherwise) or null; shipper is a truck of the company " +
          "(400 fields.shipper) or null. Answers the updated line with its ETag; every " +
          "change bumps the version and writes a history entry with the old and new values " +
          `(a change to the current value changes nothing). ${SCOPE}If-Match with a stale ` +
          "ETag answers 412 with the current line and changed_by, who wrote it.",
        ...versionedWrite({ 200: line }, Stale, 404, 413, 415),
        body: ShipmentPatch,
      },
      handler: async (request, reply) => {
        const versions = ifMatchVersions(request.headers["if-match"]);
        const view = await patchShipment(
          app.db,
          authOf(request),
          request.params.id,
          type,
          request.body,
          versions,
        );
        reply.header("etag", etagOf(view.shipment.version));
        return present(view);
      },
    });

    app.delete(`/${path}/:id`, {
      preHandler: guard(type, "delete"),
      schema: {
        tags,
        summary: `Delete ${path === "expedition" ? "an" : "a"} ${path} (${remove})`,
        description:
          `Requires ${see} and ${remove}. ${SCOPE}The line is marked deleted (kept for the ` +
          "change feed and its history, which records the deletion) and answers 404 from then " +
          "on. If-Match with a stale ETag answers 412 with the current line and changed_by, who wrote it.",
        ...versionedWrite({ 204: z.null().describe("Deleted") }, Stale, 404),
      },
      handler: async (request, reply) => {
        const versions = ifMatchVersions(request.headers["if-match"]);
        await removeShipment(app.db, authOf(request), request.params.id, type, versions);
        // Its documents go with it (files included); the hourly sweep catches any left.
        await purgeDeletedShipment(app.db, app.fileStorage, request.params.id);
        return reply.code(204).send(null);
      },
    });
  }

  app.get("/shipment/:id", {
    schema: {
      tags: ["shipment"],
      summary: "One shipment line, expedition or reception",
      description:
        `Requires seeExpeditions or seeReceptions, by the line's type. ${SCOPE}${ETAG}` +
        "type tells which it is (1 expedition with destination, 2 reception with origin).",
      params: IdParams,
      response: { 200: Shipment, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const view = await readAnyShipment(app.db, authOf(request), request.params.id);
      reply.header("etag", etagOf(view.shipment.version));
      return presentShipment(view, new Date());
    },
  });

  app.get("/historic", {
    schema: {
      tags: ["shipment"],
      summary: "History of a shipment line, newest first",
      description:
        "Requires seeHistory and seeing the line's type. Each entry: created, user {id, " +
        "username, first_name, last_name} (null once the user is gone), the status and " +
        "reason after the change, and modified_fields {field: {old, new}}: status as a " +
        "status id, reason as a reason code, shipper as the truck's plate, deleted as the " +
        `deletion instant. ${SCOPE}All entries by default (the client pages them).`,
      querystring: HistoryQuery,
      response: { 200: listOf(HistoryEntry), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      requireAllowed(auth, "seeHistory");
      const { shipment, page, page_size: pageSize } = request.query;
      const view = await readAnyShipment(app.db, auth, shipment);
      const { count, rows } = await listHistory(
        app.db,
        auth.company.id,
        view.shipment.id,
        pageSize,
        (page - 1) * pageSize,
      );
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentHistory));
    },
  });

  app.post("/shipment-changes", {
    schema: {
      tags: ["shipment"],
      summary: "Apply queued status and reason changes in one request",
      description:
        "For the offline replay: up to 100 changes of distinct lines, each what the device " +
        "would send alone as PATCH /api/{type}/{id} with body {status} or {reason}, " +
        "Idempotency-Key `key` and If-Match `version`. Each is checked and applied exactly as " +
        "that PATCH (permissions, scope, version: 412 with current and changed_by, status or " +
        "reason: 400) and answered in `results`, in order, with that PATCH's status and body. " +
        "Each key is recorded as that PATCH records it: a key seen before answers its stored " +
        "answer (from a batch or a PATCH alike) without acting again, a key used for another " +
        "request 422, a copy still running 409 idempotency_in_progress (retry it). The " +
        "request itself takes no Idempotency-Key; if it fails (5xx), none of its changes was " +
        "applied.",
      body: ShipmentChangesRequest,
      response: { 200: ShipmentChangesResponse, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => ({
      results: await applyShipmentChanges(app.db, authOf(request), request.body),
    }),
  });
};
