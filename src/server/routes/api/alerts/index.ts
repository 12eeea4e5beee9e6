import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { fileTypeFromBuffer } from "file-type";
import { z } from "zod";
import {
  ALERT_IMAGE_TYPES,
  ALERT_MAX_BYTES,
  Alert,
  AlertsHeaders,
  AlertUploadFields,
} from "../../../../shared/contract/alerts";
import { listOf } from "../../../../shared/contract/paging";
import { authOf } from "../../../auth/context";
import { presentAlert } from "../../../domain/alerts/presenter";
import {
  alertMedia,
  deleteAlert,
  insertAlert,
  listAlerts,
} from "../../../domain/alerts/repository";
import { ApiError, errors, multipartReadError } from "../../../errors";
import { wholeList } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const tags = ["alerts"];

const fieldError = (field: string, message: string, code: "required" | "invalid_choice") =>
  errors.validation({ [field]: [message] }, undefined, { [field]: [{ code }] });

/** api/alerts: the alert images of the kiosk walls (spec section 7; issue 16). */
export const alertRoutes: FastifyPluginAsyncZod = async (app) => {
  await app.register(multipart, {
    limits: { fileSize: ALERT_MAX_BYTES, files: 1, fields: 5, parts: 6 },
  });
  const adminOnly = {
    preHandler: async (request: Parameters<typeof authOf>[0]) => {
      if (!authOf(request).roles.includes("admin")) throw errors.forbidden();
    },
  };

  app.get("/alerts", {
    schema: {
      tags,
      summary: "The company's alert images, in rotation order",
      description: "Every user of the company (kiosk walls show them). Header area: G.",
      headers: AlertsHeaders,
      response: { 200: listOf(Alert), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) =>
      wholeList((await listAlerts(app.db, authOf(request).company.id)).map(presentAlert)),
  });

  app.get("/alerts/:id/media", {
    schema: {
      tags,
      summary: "An alert's image bytes",
      params: IdParams,
      response: { 200: z.any().describe("The image"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const row = await alertMedia(app.db, authOf(request).company.id, request.params.id);
      if (!row) throw errors.notFound();
      return reply
        .header("content-type", row.contentType)
        .header("content-disposition", "inline")
        .header("cache-control", "private, max-age=86400")
        .send(row.bytes);
    },
  });

  app.post("/alerts", {
    ...adminOnly,
    schema: {
      tags,
      summary: "Upload an alert image (admin)",
      description:
        "multipart/form-data: description (optional, the file name when empty) and one part " +
        `named file: png, jpeg, webp or gif bytes (sniffed; anything else is 400 ` +
        `invalid_choice), at most ${ALERT_MAX_BYTES} bytes (413).`,
      consumes: ["multipart/form-data"],
      response: { 201: Alert, ...errorResponses(...API_ERRORS, 413, 415) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw errors.unsupportedMediaType();
      const auth = authOf(request);
      const fields: Record<string, string> = {};
      let file: { name: string; bytes: Buffer } | undefined;
      try {
        for await (const part of request.parts()) {
          if (part.type === "field") {
            if (typeof part.value === "string") fields[part.fieldname] = part.value;
          } else if (part.fieldname === "file" && !file) {
            file = { name: part.filename, bytes: await part.toBuffer() };
          } else {
            part.file.resume();
          }
        }
      } catch (error) {
        if ((error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE") {
          throw new ApiError(
            413,
            "payload_too_large",
            `The file is larger than ${ALERT_MAX_BYTES} bytes`,
          );
        }
        throw multipartReadError(error);
      }
      const parsed = AlertUploadFields.safeParse(fields);
      if (!parsed.success)
        throw fieldError("description", parsed.error.issues[0]?.message ?? "", "invalid_choice");
      if (!file || file.bytes.length === 0) throw fieldError("file", "Send one image", "required");
      const type = (await fileTypeFromBuffer(file.bytes))?.mime ?? "";
      if (!(ALERT_IMAGE_TYPES as readonly string[]).includes(type)) {
        throw fieldError("file", "Send a png, jpeg, webp or gif image", "invalid_choice");
      }
      const name = (file.name.split(/[\\/]/).pop() ?? "").replace(/[^\p{L}\p{N} ._()-]/gu, "_");
      const row = await insertAlert(app.db, {
        companyId: auth.company.id,
        description: (parsed.data.description || name || "alert").slice(0, 120),
        contentType: type,
        size: file.bytes.length,
        bytes: file.bytes,
        createdBy: auth.user.id,
      });
      return reply.code(201).send(presentAlert(row));
    },
  });

  app.delete("/alerts/:id", {
    ...adminOnly,
    schema: {
      tags,
      summary: "Remove an alert image (admin)",
      params: IdParams,
      response: { 204: z.null().describe("Removed"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      if (!(await deleteAlert(app.db, authOf(request).company.id, request.params.id))) {
        throw errors.notFound();
      }
      return reply.code(204).send(null);
    },
  });
};
