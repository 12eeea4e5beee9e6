import { ZipArchive } from "archiver";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { z } from "zod";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { AttachmentZipQuery } from "../../../shared/contract/documents";
import type { AuthContext } from "../../auth/context";
import { attachmentsIn, emptyScopeError, shipmentFor, uniqueNames } from "./attachment-service";
import { contentDisposition } from "./disposition";

/** Expedition-{code} or Reception-{code}, as the spec names the QR download. */
export function documentBaseName(type: number, code: string, id: number): string {
  const kind = type === SHIPMENT_TYPE.reception ? "Reception" : "Expedition";
  const safe = code.replace(/[^\p{L}\p{N}._-]/gu, "_").slice(0, 80);
  return `${kind}-${safe || id}`;
}

/**
 * Streams the zip: archiver reads each file from the storage as the answer is sent, so a
 * large set never sits in memory (images are stored, not compressed again).
 */
export async function streamZip(
  app: FastifyInstance,
  request: FastifyRequest,
  reply: FastifyReply,
  auth: AuthContext,
) {
  const query = request.query as z.infer<typeof AttachmentZipQuery>;
  const view = await shipmentFor(app.db, auth, query.shipment, "view");
  const rows = await attachmentsIn(app.db, auth.company.id, query.shipment, query.scope, query.ids);
  if (rows.length === 0) throw emptyScopeError(query.scope);
  // Level 1: photos and PDFs hardly shrink, and a yard needs the zip soon rather than small.
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const names = uniqueNames(rows);
  rows.forEach((row, index) => {
    archive.append(app.fileStorage.read(row.storageKey), {
      name: names[index] ?? `file-${row.id}`,
      date: row.createdAt,
      store: row.isImage,
    });
  });
  archive.on("warning", (error) => request.log.warn({ err: error }, "zip warning"));
  archive.on("error", (error) => {
    request.log.error({ err: error }, "zip failed mid-stream");
    archive.destroy(error);
  });
  void archive.finalize().catch(() => undefined);
  const name = `${documentBaseName(view.shipment.type, view.shipment.code, view.shipment.id)}.zip`;
  return reply
    .header("content-type", "application/zip")
    .header("content-disposition", contentDisposition("attachment", name))
    .header("cache-control", "private, no-store")
    .send(archive);
}
