import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Material,
  MaterialAutocompleteQuery,
  MaterialInput,
  MaterialList,
  MaterialListQuery,
  PackingLine,
  PackingLineInput,
  PackingLineList,
  PackingListQuery,
} from "../../../../shared/contract/documents-packing";
import { authOf } from "../../../auth/context";
import { allowed } from "../../../auth/permissions";
import { shipmentFor } from "../../../domain/documents/attachment-service";
import { presentMaterial, presentPackingLine } from "../../../domain/documents/packing-presenter";
import {
  deletePackingLine,
  findMaterial,
  findPackingLine,
  insertMaterial,
  insertPackingLine,
  listMaterials,
  listPackingLines,
} from "../../../domain/documents/packing-repository";
import { errors } from "../../../errors";
import { pageOf } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const OFF = "Only when PACKING_LIST_ENABLED (otherwise 404). ";

/** api/packing-list and api/material (spec sections 3 and 7, issue 13). */
export const packingRoutes: FastifyPluginAsyncZod = async (app) => {
  app.addHook("preHandler", async () => {
    if (!app.serverConfig.runtime.packingListEnabled) {
      throw errors.notFound("Packing lists are off on this server");
    }
  });
  const tags = ["packing"];

  app.get("/packing-list", {
    schema: {
      tags,
      summary: "Packing lines of a shipment line",
      description: `${OFF}Whoever sees the line.`,
      querystring: PackingListQuery,
      response: { 200: PackingLineList, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      await shipmentFor(app.db, auth, request.query.shipment, "view");
      const rows = await listPackingLines(app.db, auth.company.id, request.query.shipment);
      return pageOf(
        request.url,
        { page: 1, pageSize: Math.max(rows.length, 1) },
        rows.length,
        rows.map(presentPackingLine),
      );
    },
  });

  app.post("/packing-list", {
    schema: {
      tags,
      summary: "Add a packing line",
      description: `${OFF}Needs the line's edit right; material of the company.`,
      body: PackingLineInput,
      response: { 201: PackingLine, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const body = request.body;
      await shipmentFor(app.db, auth, body.shipment, "edit");
      const material = await findMaterial(app.db, auth.company.id, body.material);
      if (!material) throw errors.validation({ material: ["No such material in the company"] });
      const id = await insertPackingLine(app.db, {
        companyId: auth.company.id,
        shipmentId: body.shipment,
        materialId: material.id,
        numberPackages: body.number_packages,
      });
      return reply.code(201).send(
        presentPackingLine({
          id,
          shipmentId: body.shipment,
          numberPackages: body.number_packages,
          material,
        }),
      );
    },
  });

  app.delete("/packing-list/:id", {
    schema: {
      tags,
      summary: "Delete a packing line",
      description: `${OFF}Needs the line's edit right.`,
      params: IdParams,
      response: { 204: z.null().describe("Deleted"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await findPackingLine(app.db, auth.company.id, request.params.id);
      if (!row) throw errors.notFound();
      await shipmentFor(app.db, auth, row.shipmentId, "edit");
      await deletePackingLine(app.db, auth.company.id, row.id);
      return reply.code(204).send(null);
    },
  });

  app.get("/material", {
    schema: {
      tags,
      summary: "Materials of the company",
      description: `${OFF}search matches the name or reference.`,
      querystring: MaterialListQuery,
      response: { 200: MaterialList, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const { page, page_size: pageSize, search } = request.query;
      const { count, rows } = await listMaterials(
        app.db,
        authOf(request).company.id,
        search || undefined,
        pageSize,
        (page - 1) * pageSize,
      );
      return pageOf(request.url, { page, pageSize }, count, rows.map(presentMaterial));
    },
  });

  app.get("/material/autocomplete_name", {
    schema: {
      tags,
      summary: "Materials whose name or reference holds the text (search-as-you-type)",
      description: OFF,
      querystring: MaterialAutocompleteQuery,
      response: { 200: z.array(Material), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const { name, limit } = request.query;
      const { rows } = await listMaterials(
        app.db,
        authOf(request).company.id,
        name || undefined,
        limit,
        0,
      );
      return rows.map(presentMaterial);
    },
  });

  app.post("/material", {
    schema: {
      tags,
      summary: "Create a material (the form's new material modal)",
      description: `${OFF}Needs editExp or editRecep. reference is unique in the company (409).`,
      body: MaterialInput,
      response: { 201: Material, ...errorResponses(...API_ERRORS, 404, 409) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      if (!allowed(auth, "editExp") && !allowed(auth, "editRecep")) throw errors.forbidden();
      const row = await insertMaterial(
        app.db,
        auth.company.id,
        request.body.reference,
        request.body.name,
      );
      if (!row) throw errors.conflict({ reference: ["A material with this reference exists"] });
      return reply.code(201).send(presentMaterial(row));
    },
  });
};
