import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { canCheckIn } from "../../../../shared/contract/check-in";
import { staleHistoryBody } from "../../../../shared/contract/errors";
import { listOf, MAX_PAGE_SIZE } from "../../../../shared/contract/paging";
import {
  AUTOCOMPLETE_LIMIT,
  AutocompleteQuery,
  AvailableQuery,
  Shipper,
  ShipperInput,
  ShipperListQuery,
  ShipperPatch,
} from "../../../../shared/contract/trucks";
import { normalisePlate } from "../../../../shared/plate";
import { authOf } from "../../../auth/context";
import { trucksForLine } from "../../../domain/trucks/check-in-trucks";
import { presentShipper } from "../../../domain/trucks/presenter";
import {
  type AutocompleteColumn,
  autocompleteTrucks,
  availableTrucks,
  findShipper,
  listTrucks,
} from "../../../domain/trucks/repository";
import {
  createTruck,
  createTruckOnce,
  patchTruck,
  registerRange,
  removeTruck,
  replaceTruck,
} from "../../../domain/trucks/service";
import { errors } from "../../../errors";
import { pageOf, rowWindow, wholeList } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { createOnceWrite, versionedWrite } from "../../../http/route-schemas";
import { sentAsBuilt } from "../../../http/sent-as-built";
import { etagOf, ifMatchVersions } from "../../../http/versioning";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["shipper"];
const Stale = staleHistoryBody(Shipper);

const READS =
  "Open to every member of the company, whatever the role: shipments, the kiosk rotation, " +
  "the check-in terminal and the guard all show trucks, so the seeTrucks tab permission only " +
  "gates the /trucks screen. ";
const ETAG = 'Answers the truck\'s ETag ("<version>"). ';

/** Typed text as each lookup compares it: plates normalised, phones reduced to + and digits. */
const LOOKUPS: Record<AutocompleteColumn, (text: string) => string> = {
  plate: normalisePlate,
  name: (text) => text.trim(),
  phone: (text) => text.replace(/[^\d+]/g, ""),
};

/** The trucks (shippers) of the request's company. */
export const truckRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get("/shipper", {
    schema: {
      tags,
      summary: "Trucks list, filtered and paged",
      description:
        `${READS}Newest arrival first (trucks never registered last), then newest id. ` +
        "name and plate match anywhere in the value (case-insensitive; the plate is normalised " +
        "like the stored ones); register_date_after/before are inclusive bounds, read as UTC " +
        "without an offset.",
      querystring: ShipperListQuery,
      response: { 200: listOf(Shipper), ...errorResponses(...API_ERRORS) },
    },
    // Reloaded by every device: sent as presentShipper built it (http/sent-as-built.ts).
    serializerCompiler: sentAsBuilt,
    handler: async (request) => {
      const { page, page_size: pageSize, name, plate } = request.query;
      const { from, until } = registerRange(
        request.query.register_date_after,
        request.query.register_date_before,
      );
      const { count, rows } = await listTrucks(app.db, authOf(request).company.id, {
        name: name || undefined,
        plate: plate ? normalisePlate(plate) || undefined : undefined,
        registeredFrom: from,
        registeredUntil: until,
        ...rowWindow(request.query),
      });
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentShipper));
    },
  });

  app.get("/shipper/available", {
    schema: {
      tags,
      summary: "Trucks on site, or the trucks a line may take at check-in",
      description:
        `Without line: ${READS}A truck is on site when it has arrived (register_date set) and ` +
        "has not left since: expedition_date is null or older than register_date. Newest " +
        `arrival first, at most ${MAX_PAGE_SIZE}; count is the full number.\n\n` +
        "With line (the check-in terminal): truck access and the office roles only (403 for " +
        "every other role, or a combination with one). The company's trucks de-duplicated by " +
        "plate, of each plate the most recently registered (spec section 3), newest arrival " +
        `first, at most ${MAX_PAGE_SIZE}; plate narrows to plates containing the text. A line ` +
        "that already has a truck answers that truck only; a line that is not one of today's " +
        "(the yard's clock) answers 409 line_mismatch; a line of another company or deleted " +
        "answers 404.",
      querystring: AvailableQuery,
      response: { 200: listOf(Shipper), ...errorResponses(...API_ERRORS, 404, 409) },
    },
    // Up to MAX_PAGE_SIZE trucks the kiosk and check-in reload: sent as built (http/sent-as-built.ts).
    serializerCompiler: sentAsBuilt,
    handler: async (request) => {
      const auth = authOf(request);
      const { line, plate } = request.query;
      if (line === undefined) {
        const { count, rows } = await availableTrucks(app.db, auth.company.id, MAX_PAGE_SIZE);
        return wholeList(rows.map(presentShipper), count);
      }
      if (!canCheckIn(auth.roles)) throw errors.forbidden();
      const typed = plate ? normalisePlate(plate) : "";
      const { count, rows } = await trucksForLine(app.db, auth.company.id, line, {
        plate: typed || undefined,
        limit: MAX_PAGE_SIZE,
      });
      return wholeList(rows.map(presentShipper), count);
    },
  });

  for (const column of ["plate", "name", "phone"] as const) {
    app.get(`/shipper/autocomplete_${column}`, {
      schema: {
        tags,
        summary: `Trucks whose ${column} contains the typed text`,
        description:
          `${READS}At most ${AUTOCOMPLETE_LIMIT} trucks, those starting with the text first. ` +
          "The text is trimmed; an empty text answers an empty list. Each truck carries " +
          "name, plate, capacity_load, country_code and phone (the plate lookup fills the form).",
        querystring: z.object({ [column]: AutocompleteQuery.shape[column] }),
        response: { 200: z.array(Shipper), ...errorResponses(...API_ERRORS) },
      },
      handler: async (request) => {
        const query: Partial<Record<AutocompleteColumn, string>> = request.query;
        const text = LOOKUPS[column](query[column] ?? "");
        if (text === "" || text === "+") return [];
        const rows = await autocompleteTrucks(
          app.db,
          authOf(request).company.id,
          column,
          text,
          AUTOCOMPLETE_LIMIT,
        );
        return rows.map(presentShipper);
      },
    });
  }

  app.get("/shipper/:id", {
    schema: {
      tags,
      summary: "One truck",
      description: `${READS}${ETAG}A truck of another company answers 404.`,
      params: IdParams,
      response: { 200: Shipper, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const row = await findShipper(app.db, authOf(request).company.id, request.params.id);
      if (!row) throw errors.notFound();
      reply.header("etag", etagOf(row.version));
      return presentShipper(row);
    },
  });

  app.post("/shipper", {
    preHandler: requirePermission("addTruck"),
    schema: {
      tags,
      summary: "Sign a truck up (addTruck)",
      description:
        `Requires addTruck. ${ETAG}The plate must be new in the company (409 conflict with ` +
        "fields.plate otherwise); the phone is validated for its country and stored in E.164. " +
        "register_date defaults to now.",
      body: ShipperInput,
      response: {
        201: Shipper,
        ...errorResponses(...API_ERRORS, 409, 413, 415),
      },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await createTruck(app.db, auth.company.id, auth.user.id, request.body);
      reply
        .code(201)
        .header("etag", etagOf(row.version))
        .header("location", `/api/shipper/${row.id}`);
      return presentShipper(row);
    },
  });

  app.put("/shipper/uid/:uid", {
    preHandler: requirePermission("addTruck"),
    schema: {
      tags,
      summary: "Sign a truck up under a client-chosen id (addTruck), idempotent",
      description:
        `Requires addTruck. ${ETAG}Creation for devices that queue it offline: the first call ` +
        "creates the truck under `uid` (201, same rules as POST api/shipper); every later call " +
        "with the same uid answers that truck as it is now (200) and changes nothing, so a " +
        "replayed creation never duplicates the truck nor undoes later edits.",
      ...createOnceWrite(Shipper, 409, 413, 415),
      body: ShipperInput,
    },
    handler: async (request, reply) => {
      const { row, created } = await createTruckOnce(
        app.db,
        authOf(request).company.id,
        authOf(request).user.id,
        request.params.uid,
        request.body,
      );
      reply
        .code(created ? 201 : 200)
        .header("etag", etagOf(row.version))
        .header("location", `/api/shipper/${row.id}`);
      return presentShipper(row);
    },
  });

  app.put("/shipper/:id", {
    preHandler: requirePermission("editTruck"),
    schema: {
      tags,
      summary: "Replace a truck (editTruck)",
      description:
        `Requires editTruck. ${ETAG}Replaces plate, name, capacity_load, phone and ` +
        "country_code (omitted ones become null); register_date and expedition_date change " +
        "only when named. Bumps the version.",
      ...versionedWrite({ 200: Shipper }, Stale, 404, 409, 413, 415),
      body: ShipperInput,
    },
    handler: async (request, reply) => {
      const versions = ifMatchVersions(request.headers["if-match"]);
      const row = await replaceTruck(
        app.db,
        authOf(request).company.id,
        authOf(request).user.id,
        request.params.id,
        request.body,
        versions,
      );
      reply.header("etag", etagOf(row.version));
      return presentShipper(row);
    },
  });

  app.patch("/shipper/:id", {
    preHandler: requirePermission("editTruck"),
    schema: {
      tags,
      summary: "Change some fields of a truck (editTruck)",
      description:
        `Requires editTruck. ${ETAG}The named fields are merged over the truck and the result ` +
        "is validated as a whole. Bumps the version.",
      ...versionedWrite({ 200: Shipper }, Stale, 404, 409, 413, 415),
      body: ShipperPatch,
    },
    handler: async (request, reply) => {
      const versions = ifMatchVersions(request.headers["if-match"]);
      const row = await patchTruck(
        app.db,
        authOf(request).company.id,
        authOf(request).user.id,
        request.params.id,
        request.body,
        versions,
      );
      reply.header("etag", etagOf(row.version));
      return presentShipper(row);
    },
  });

  app.delete("/shipper/:id", {
    preHandler: requirePermission("editTruck"),
    schema: {
      tags,
      summary: "Delete a truck (editTruck)",
      description:
        "Requires editTruck (the spec ties the list's delete column to the edit permission). " +
        "Its SMS log is kept, detached from the truck.",
      ...versionedWrite({ 204: z.null().describe("Deleted") }, Stale, 404),
    },
    handler: async (request, reply) => {
      const versions = ifMatchVersions(request.headers["if-match"]);
      await removeTruck(app.db, authOf(request).company.id, request.params.id, versions);
      return reply.code(204).send(null);
    },
  });
};
