import multipart from "@fastify/multipart";
import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { SHIPMENT_TYPE } from "../../../../shared/constants";
import {
  EXPORT_MAX_ROWS,
  ExportQuery,
  IMPORT_CHUNK_ROWS,
  IMPORT_MAX_BYTES,
  IMPORT_MAX_ROWS,
  ImportPreview,
  ImportRowsAnswer,
  ImportRowsRequest,
  type ImportType,
  ImportTypeParams,
} from "../../../../shared/contract/import-export";
import { canCreateShipment } from "../../../../shared/shipment-fields";
import { authOf } from "../../../auth/context";
import { requireAllowed } from "../../../auth/permissions";
import { exportWorkbook } from "../../../domain/import-export/export";
import { importRows, previewImport } from "../../../domain/import-export/import-service";
import { SHIPMENT_PERMISSIONS } from "../../../domain/lines/access";
import { ApiError, errors, multipartReadError } from "../../../errors";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { languageFromHeader, textsFor } from "../../../texts";

const tags = ["import-export"];
const XLSX = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
const SCOPE =
  "Lines of the request's company (a user limited to some clients: those clients only). " +
  "Companies that are not trw only (the home menu's import/export tile). ";

type TypedRequest = FastifyRequest<{ Params: { type: ImportType } }>;

/** Seeing the type; importing also needs its add right. trw companies have no import/export. */
function guardFor(operation: "import" | "export") {
  return async (request: FastifyRequest) => {
    const auth = authOf(request);
    const type = SHIPMENT_TYPE[(request as TypedRequest).params.type];
    if (!type || auth.company.is_trw) throw errors.forbidden();
    requireAllowed(auth, SHIPMENT_PERMISSIONS[type].see);
    if (operation === "import" && !canCreateShipment({ roles: auth.roles, type, isTrw: false })) {
      throw errors.forbidden();
    }
  };
}

/** The one `file` part of a multipart upload, at most IMPORT_MAX_BYTES. */
async function uploadedFile(request: FastifyRequest): Promise<Buffer> {
  if (!request.isMultipart()) throw errors.unsupportedMediaType();
  let bytes: Buffer | undefined;
  try {
    for await (const part of request.parts()) {
      if (part.type === "file" && part.fieldname === "file" && !bytes)
        bytes = await part.toBuffer();
      else if (part.type === "file") part.file.resume();
    }
  } catch (error) {
    if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
      throw new ApiError(
        413,
        "payload_too_large",
        `The file is larger than ${IMPORT_MAX_BYTES} bytes`,
      );
    }
    throw multipartReadError(error);
  }
  if (!bytes || bytes.length === 0) {
    throw errors.validation({ file: ["Send one .xlsx or .csv file"] }, undefined, {
      file: [{ code: "required" }],
    });
  }
  return bytes;
}

/** api/import-export: expeditions and receptions from and to spreadsheets (issue 28). */
export const importExportRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: IMPORT_MAX_BYTES, files: 1, fields: 2, parts: 3 },
  });

  app.post("/import-export/:type/preview", {
    preHandler: guardFor("import"),
    schema: {
      tags,
      summary: "Read a spreadsheet of lines and check every row, writing nothing",
      description:
        `${SCOPE}Requires the type's see and add rights. multipart/form-data with one part named ` +
        `file: an .xlsx (first sheet) or a .csv (comma, semicolon or tab; UTF-8 or Windows-1252), ` +
        `at most ${IMPORT_MAX_BYTES} bytes (413) and ${IMPORT_MAX_ROWS} rows, headers in any of ` +
        "the four languages or the API's field names. Each row is checked as the form's create: " +
        "its field_codes say why a field is refused (dock capacity and restricted dates count " +
        "the file's earlier rows); values is the body to import (null when refused); existing " +
        "says a line already has its uid. A file that is not a spreadsheet, too big unpacked, " +
        "with more rows or none is a 400 on file (not_a_sheet, too_big, too_many_rows, required).",
      params: ImportTypeParams,
      consumes: ["multipart/form-data"],
      response: { 200: ImportPreview, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request) =>
      previewImport(app.db, authOf(request), request.params.type, await uploadedFile(request)),
  });

  app.post("/import-export/:type/rows", {
    preHandler: guardFor("import"),
    schema: {
      tags,
      summary: "Import rows of a preview",
      description:
        `${SCOPE}Requires the type's see and add rights. At most ${IMPORT_CHUNK_ROWS} rows (the ` +
        "client sends a preview's valid rows in chunks). Each row is checked again and created " +
        "once under its uid: created, existing (a line has this uid: nothing is created) or " +
        "refused with its field_codes. Sending a chunk again creates nothing twice.",
      params: ImportTypeParams,
      body: ImportRowsRequest,
      response: { 200: ImportRowsAnswer, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => ({
      rows: await importRows(app.db, authOf(request), request.params.type, request.body.rows),
    }),
  });

  app.get("/import-export/:type", {
    preHandler: guardFor("export"),
    schema: {
      tags,
      summary: "The lines booked in some days as an .xlsx in the import's columns",
      description:
        `${SCOPE}Requires the type's see right. from and to are yard days, inclusive; at most ` +
        `${EXPORT_MAX_ROWS} lines (else 400). Headers in lang (else Accept-Language); dates as ` +
        "date cells on the yard's clock. The file imports back unchanged.",
      params: ImportTypeParams,
      querystring: ExportQuery,
      response: { 200: z.any().describe("The .xlsx file"), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request, reply) => {
      const { type } = request.params;
      if (request.query.from > request.query.to) {
        throw errors.validation({ to: ["Must not be before from"] }, undefined, {
          to: [{ code: "invalid_date" }],
        });
      }
      const language = request.query.lang ?? languageFromHeader(request.headers["accept-language"]);
      const texts = textsFor(language).lineSheet;
      const body = await exportWorkbook(app.db, authOf(request), type, request.query, texts);
      const name = `${texts[type]}-${request.query.from}-${request.query.to}.xlsx`;
      return reply
        .header("content-type", XLSX)
        .header(
          "content-disposition",
          `attachment; filename="${type}-${request.query.from}.xlsx"; filename*=UTF-8''${encodeURIComponent(name)}`,
        )
        .header("cache-control", "no-store")
        .send(body);
    },
  });
};
