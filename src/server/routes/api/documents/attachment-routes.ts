import multipart from "@fastify/multipart";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  Attachment,
  AttachmentContent,
  AttachmentList,
  AttachmentListQuery,
  AttachmentMailRequest,
  AttachmentMailResponse,
  AttachmentZipQuery,
} from "../../../../shared/contract/documents";
import { ErrorBody } from "../../../../shared/contract/errors";
import { authOf } from "../../../auth/context";
import { sendAttachmentMail } from "../../../domain/documents/attachment-mail";
import { presentAttachment } from "../../../domain/documents/attachment-presenter";
import { findAttachment, listAttachments } from "../../../domain/documents/attachment-repository";
import {
  removeAttachment,
  shipmentFor,
  uploadAttachment,
} from "../../../domain/documents/attachment-service";
import { zipAttachments } from "../../../domain/documents/attachment-zip";
import { contentDisposition } from "../../../domain/documents/disposition";
import { ApiError, errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";

const VIEW =
  "Open to whoever sees the line (seeExpeditions or seeReceptions by its type, in the " +
  "request's company; a user limited to some clients only their lines' attachments: any " +
  "other answers 404). ";
const EDIT = "Needs the line's edit right (editExp or editRecep: the form's canEdit). ";

/** api/attachment: shipment documents and photos (spec sections 2, 3, 5 and 7). */
export const attachmentRoutes: FastifyPluginAsyncZod = async (app) => {
  // Only this plugin's routes parse multipart bodies; files stream to the storage.
  await app.register(multipart, {
    limits: { fileSize: app.serverConfig.attachments.maxBytes, files: 1, fields: 10, parts: 12 },
  });
  const tags = ["attachment"];

  app.get("/attachment", {
    schema: {
      tags,
      summary: "Attachments of a shipment line",
      description: `${VIEW}Oldest first; is_image=true only images, false only documents.`,
      querystring: AttachmentListQuery,
      response: { 200: AttachmentList, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const q = request.query;
      await shipmentFor(app.db, auth, q.shipment, "view");
      const { count, rows } = await listAttachments(
        app.db,
        auth.company.id,
        q.shipment,
        { isImage: q.is_image },
        rowWindow(q),
      );
      return pageOf(
        request.url,
        { page: q.page, pageSize: q.page_size },
        count,
        rows.map(presentAttachment),
      );
    },
  });

  app.post("/attachment", {
    schema: {
      tags,
      summary: "Upload one file to a shipment line (multipart)",
      description:
        `${EDIT}multipart/form-data with fields shipment (id), description (optional: the ` +
        "file name when empty), is_image and company (accepted, not needed: the server sniffs " +
        "the bytes and acts for the company header) and one part named file, last. The file " +
        "streams to the storage; larger than ATTACHMENT_MAX_BYTES answers 413 and keeps " +
        "nothing. The name is kept as text only (directories stripped). is_image is true " +
        "only for jpeg, png, gif, webp, bmp or avif bytes, whatever the name says. Kept " +
        "types (ATTACHMENT_TYPES, sniffed from the bytes, never the part's mime): photos " +
        "(jpeg, png, gif, webp, bmp, avif, heic/heif), pdf, office documents (xlsx, docx, " +
        "ods, odt; xls and doc as OLE compound files; a zip named .xlsx/.docx/.ods/.odt) and " +
        "plain text (csv, txt: no signature, no control bytes); any other answers 415 " +
        "unsupported_file_type with field_codes.file unsupported_type and keeps nothing. " +
        "Send an Idempotency-Key so a retried upload is stored once.",
      consumes: ["multipart/form-data"],
      response: { 201: Attachment, ...errorResponses(...API_ERRORS, 404, 413, 415, 503) },
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) {
        throw new ApiError(
          415,
          "bad_request",
          "Unsupported content type: send multipart/form-data",
        );
      }
      const maxBytes = app.serverConfig.attachments.maxBytes;
      const parts = request.parts({ limits: { fileSize: maxBytes, files: 1, fields: 10 } });
      const row = await uploadAttachment(app.db, authOf(request), parts, {
        storage: app.fileStorage,
        maxBytes,
      });
      return reply.code(201).send(presentAttachment(row));
    },
  });

  app.get("/attachment/:id/download", {
    // Stored bytes go as they are: @fastify/compress counts application/octet-stream (any
    // file it cannot name) as compressible, and brotli on a 20 MB upload took 20x the
    // transfer's time in the storage bench.
    compress: false,
    schema: {
      tags,
      summary: "Download an attachment (its bytes)",
      description: `${VIEW}Content-Disposition attachment with the file name.`,
      params: IdParams,
      response: { 200: z.any().describe("The file"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await findAttachment(app.db, auth.company.id, request.params.id);
      if (!row) throw errors.notFound();
      await shipmentFor(app.db, auth, row.shipmentId, "view");
      return reply
        .header("content-type", row.contentType)
        .header("content-length", String(row.size))
        .header("content-disposition", contentDisposition("attachment", row.name))
        .header("cache-control", "private, no-store")
        .send(app.fileStorage.read(row.storageKey));
    },
  });

  app.get("/attachment/:id/content", {
    schema: {
      tags,
      summary: "An image attachment's content, base64",
      description: `${VIEW}Images only (a document answers 400: download it instead).`,
      params: IdParams,
      response: { 200: AttachmentContent, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await findAttachment(app.db, auth.company.id, request.params.id);
      if (!row) throw errors.notFound();
      await shipmentFor(app.db, auth, row.shipmentId, "view");
      if (!row.isImage) throw errors.badRequest("Not an image: download it instead");
      const chunks: Buffer[] = [];
      for await (const chunk of app.fileStorage.read(row.storageKey)) chunks.push(chunk as Buffer);
      reply.header("cache-control", "private, max-age=3600");
      return {
        id: row.id,
        name: row.name,
        content_type: row.contentType,
        file: Buffer.concat(chunks).toString("base64"),
      };
    },
  });

  app.delete("/attachment/:id", {
    schema: {
      tags,
      summary: "Delete an attachment (row and file)",
      description: `${EDIT}The file leaves the storage with the row.`,
      params: IdParams,
      response: { 204: z.null().describe("Deleted"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const row = await findAttachment(app.db, auth.company.id, request.params.id);
      if (!row) throw errors.notFound();
      await shipmentFor(app.db, auth, row.shipmentId, "edit");
      if (!(await removeAttachment(app.db, app.fileStorage, auth.company.id, row.id))) {
        throw errors.notFound();
      }
      return reply.code(204).send(null);
    },
  });

  app.get("/attachment/zip", {
    schema: {
      tags,
      summary: "Attachments of a line as one zip, streamed",
      description:
        `${VIEW}scope images, documents or all (default); ids narrows to a selection ` +
        "(comma-separated or repeated). Nothing in the scope: 400 no_images or no_files. " +
        "The zip is written as it is sent, never built in memory.",
      querystring: AttachmentZipQuery,
      response: { 200: z.any().describe("application/zip"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const { name, archive } = await zipAttachments(app.db, authOf(request), request.query, {
        storage: app.fileStorage,
        log: request.log,
      });
      return reply
        .header("content-type", "application/zip")
        .header("content-disposition", contentDisposition("attachment", name))
        .header("cache-control", "private, no-store")
        .send(archive);
    },
  });

  app.get("/attachment/mail-status", {
    schema: {
      tags,
      summary: "Whether this server sends mail (the mail button says so when it does not)",
      response: { 200: z.object({ enabled: z.boolean() }), ...errorResponses(...API_ERRORS) },
    },
    handler: async () => ({ enabled: app.mailer.enabled }),
  });

  app.post("/attachment/mail", {
    schema: {
      tags,
      summary: "Mail attachments of a line",
      description:
        `${VIEW}mail: recipients (a list or comma-separated text, trimmed); none: 400 ` +
        "no_email; one that is not text@text.text: 400 invalid_email. scope and ids as the " +
        "zip (nothing in it: 400 no_images / no_files). Mail off: 409 mail_disabled; the mail " +
        "server refusing: 502 mail_failed. Success answers message mail_sent.",
      body: AttachmentMailRequest,
      response: {
        200: AttachmentMailResponse,
        409: ErrorBody,
        ...errorResponses(...API_ERRORS, 404, 413),
      },
    },
    handler: async (request) =>
      sendAttachmentMail(app.db, authOf(request), request.body, {
        mailer: app.mailer,
        storage: app.fileStorage,
        log: request.log,
      }),
  });
};
