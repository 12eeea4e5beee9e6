import type { preHandlerAsyncHookHandler } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import { staleHistoryBody } from "../../../../shared/contract/errors";
import {
  ExpeditionSeries,
  ReceptionSeries,
  seriesResultOf,
} from "../../../../shared/contract/scheduling";
import { Expedition, Reception } from "../../../../shared/contract/shipments";
import {
  ExpeditionCreate,
  ExpeditionEdit,
  ReceptionCreate,
  ReceptionEdit,
  ShipmentUidParams,
} from "../../../../shared/contract/shipments-write";
import { DEFAULT_STATUS, type ShipmentType } from "../../../../shared/contract/status";
import { canCreateShipment, canEditShipment } from "../../../../shared/shipment-fields";
import { authOf } from "../../../auth/context";
import { requireAllowed } from "../../../auth/permissions";
import { SHIPMENT_PERMISSIONS } from "../../../domain/lines/access";
import { presentShipment } from "../../../domain/shipments/presenter";
import { createSeries, requireMayRepeat } from "../../../domain/shipments/series";
import { createShipment, editShipment } from "../../../domain/shipments/write-service";
import { errors } from "../../../errors";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { versionedWrite } from "../../../http/route-schemas";
import { etagOf, ifMatchVersions } from "../../../http/versioning";

/** The forms' writes: POST (create), PUT uid (create once), PUT id (edit with If-Match). */

const RULES =
  "Dates are YYYY-MM-DDTHH:mm:ss (Z or an offset optional; none means UTC); line breaks in " +
  "the notes become spaces. Save rules (400 validation_error, field_codes): code required " +
  "unless the company is trw, client and booked_date required, destination/origin required " +
  "in trw companies, packages >= 0, weight not 0 for user type mexico. client must be a " +
  "client of the company (and of the user's clients when limited), shipper a truck of the " +
  "company, status a status of the type, reason a code of the line's status. Field " +
  "permissions (per role, as the forms show them): a field the user may not change is a 403 forbidden " +
  "naming it in fields (code read_only); a field sent with its current value is no change. " +
  "Each write adds a history entry with the modified fields.";

interface WriteTypeRoutes {
  type: ShipmentType;
  path: "expedition" | "reception";
  line: typeof Expedition | typeof Reception;
  create: typeof ExpeditionCreate | typeof ReceptionCreate;
  edit: typeof ExpeditionEdit | typeof ReceptionEdit;
  series: typeof ExpeditionSeries | typeof ReceptionSeries;
}

const TYPES: WriteTypeRoutes[] = [
  {
    type: SHIPMENT_TYPE.expedition,
    path: "expedition",
    line: Expedition,
    create: ExpeditionCreate,
    edit: ExpeditionEdit,
    series: ExpeditionSeries,
  },
  {
    type: SHIPMENT_TYPE.reception,
    path: "reception",
    line: Reception,
    create: ReceptionCreate,
    edit: ReceptionEdit,
    series: ReceptionSeries,
  },
];

/** Seeing the type and the add (create) or edit right, before any work. */
function writeGuard(type: ShipmentType, operation: "create" | "edit") {
  const handler: preHandlerAsyncHookHandler = async (request) => {
    const auth = authOf(request);
    requireAllowed(auth, SHIPMENT_PERMISSIONS[type].see);
    const access = { roles: auth.roles, type, isTrw: auth.company.is_trw };
    const may = operation === "create" ? canCreateShipment(access) : canEditShipment(access);
    if (!may) throw errors.forbidden();
  };
  return handler;
}

export const shipmentWriteRoutes: FastifyPluginAsyncZod = async (app) => {
  for (const { type, path, line, create, edit, series } of TYPES) {
    const tags = [path];
    const { see, edit: editRight } = SHIPMENT_PERMISSIONS[type];
    const addRight = type === SHIPMENT_TYPE.expedition ? "addExp" : "addRecep";
    const present = (view: Parameters<typeof presentShipment>[0]) =>
      presentShipment(view, new Date());
    const defaultStatus = DEFAULT_STATUS[type];

    app.post(`/${path}`, {
      preHandler: writeGuard(type, "create"),
      schema: {
        tags,
        summary: `Create ${path === "expedition" ? "an" : "a"} ${path} (${addRight})`,
        description:
          `Requires ${see} and ${addRight}; status and reason also need editStatus and ` +
          `editReasons. The line starts in status ${defaultStatus} unless the body names one. ` +
          RULES,
        body: create,
        response: { 201: line, ...errorResponses(...API_ERRORS, 403, 413, 415) },
      },
      handler: async (request, reply) => {
        const { view } = await createShipment(app.db, authOf(request), type, request.body);
        reply
          .code(201)
          .header("etag", etagOf(view.shipment.version))
          .header("location", `/api/${path}/${view.shipment.id}`);
        return present(view);
      },
    });

    app.put(`/${path}/uid/:uid`, {
      preHandler: writeGuard(type, "create"),
      schema: {
        tags,
        summary: `Create ${path === "expedition" ? "an" : "a"} ${path} under a client-chosen id, once`,
        description:
          `Requires ${see} and ${addRight}. For devices that plan lines offline: the first ` +
          "call creates the line under `uid` (201, same rules as POST); every later call with " +
          "the same uid answers that line as it is now (200) and changes nothing, so a " +
          "replayed creation never makes a second line nor undoes later edits. A uid used " +
          "for a line of the other type is a 409; for a deleted line, a 404. " +
          RULES,
        params: ShipmentUidParams,
        body: create,
        response: {
          200: line,
          201: line,
          ...errorResponses(...API_ERRORS, 403, 404, 409, 413, 415),
        },
      },
      handler: async (request, reply) => {
        const { view, created } = await createShipment(
          app.db,
          authOf(request),
          type,
          request.body,
          request.params.uid,
        );
        reply
          .code(created ? 201 : 200)
          .header("etag", etagOf(view.shipment.version))
          .header("location", `/api/${path}/${view.shipment.id}`);
        return present(view);
      },
    });

    app.put(`/${path}/series/:uid`, {
      preHandler: [
        writeGuard(type, "create"),
        async (request) => requireMayRepeat(authOf(request), type),
      ],
      schema: {
        tags,
        summary: `Create a repeated ${path} (every occurrence of rrule_str), once`,
        description:
          `Requires ${see}, ${addRight}, repeats and the company's ` +
          `has_${path}s_rrule flag (403 otherwise). rrule_str is an RFC 5545 rule ` +
          "(FREQ yearly, monthly, weekly or daily; INTERVAL, COUNT, UNTIL, BYMONTH, " +
          "BYMONTHDAY, BYDAY with 1..4 or -1) expanded from booked_date on the yard's clock; " +
          "without COUNT or UNTIL it covers 366 days, and never more than 400 lines. The body " +
          "is checked once (400/403 before anything is created); then each occurrence is " +
          "created like a single create, in date order: the ones that fit are in created, " +
          "those refused by the dock (slot_full, restricted_date, outside_hours) in " +
          "not_created with their booked_date. Each occurrence's uid derives from `uid` and " +
          "its place, so a retried request creates nothing twice (created lists them again). " +
          RULES,
        params: ShipmentUidParams,
        body: series,
        response: {
          200: seriesResultOf(line),
          ...errorResponses(...API_ERRORS, 403, 409, 413, 415),
        },
      },
      handler: async (request) => {
        const result = await createSeries(
          app.db,
          authOf(request),
          type,
          request.body,
          request.params.uid,
        );
        return { created: result.created.map(present), not_created: result.notCreated };
      },
    });

    app.put(`/${path}/:id`, {
      preHandler: writeGuard(type, "edit"),
      schema: {
        tags,
        summary: `Edit ${path === "expedition" ? "an" : "a"} ${path} (${editRight})`,
        description:
          `Requires ${see} and ${editRight}. Any subset of the fields: an absent field stays ` +
          "as it is, so a device sends only what its user changed. If-Match with a stale " +
          "ETag answers 412 with the current line and changed_by (who wrote it); without " +
          "If-Match the change applies to the line as it is. " +
          RULES,
        ...versionedWrite({ 200: line }, staleHistoryBody(line), 403, 404, 413, 415),
        body: edit,
      },
      handler: async (request, reply) => {
        const view = await editShipment(
          app.db,
          authOf(request),
          request.params.id,
          type,
          request.body,
          ifMatchVersions(request.headers["if-match"]),
        );
        reply.header("etag", etagOf(view.shipment.version));
        return present(view);
      },
    });
  }
};
