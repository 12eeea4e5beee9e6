import { ZipArchive } from "archiver";
import type { FastifyBaseLogger } from "fastify";
import type { z } from "zod";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { AttachmentZipQuery } from "../../../shared/contract/documents";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import type { FileStorage } from "../../services/storage/file-storage";
import { attachmentsIn, emptyScopeError, shipmentFor, uniqueNames } from "./attachment-service";

/** Expedition-{code} or Reception-{code}, as the spec names the QR download. */
export function documentBaseName(type: number, code: string, id: number): string {
  const kind = type === SHIPMENT_TYPE.reception ? "Reception" : "Expedition";
  const safe = code.replace(/[^\p{L}\p{N}._-]/gu, "_").slice(0, 80);
  return `${kind}-${safe || id}`;
}

/**
 * The zip as a stream, for the route to send: archiver reads each file from the storage as the answer is sent, so a
 * large set never sits in memory (images are stored, not compressed again).
 */
export async function zipAttachments(
  db: Db,
  auth: AuthContext,
  query: z.infer<typeof AttachmentZipQuery>,
  deps: { storage: FileStorage; log: FastifyBaseLogger },
): Promise<{ name: string; archive: ZipArchive }> {
  const view = await shipmentFor(db, auth, query.shipment, "view");
  const rows = await attachmentsIn(db, auth.company.id, query.shipment, query.scope, query.ids);
  if (rows.length === 0) throw emptyScopeError(query.scope);
  // Level 1: photos and PDFs hardly shrink, and a yard needs the zip soon rather than small.
  const archive = new ZipArchive({ zlib: { level: 1 } });
  const names = uniqueNames(rows);
  rows.forEach((row, index) => {
    archive.append(deps.storage.read(row.storageKey), {
      name: names[index] ?? `file-${row.id}`,
      date: row.createdAt,
      store: row.isImage,
    });
  });
  archive.on("warning", (error) => deps.log.warn({ err: error }, "zip warning"));
  archive.on("error", (error) => {
    deps.log.error({ err: error }, "zip failed mid-stream");
    archive.destroy(error);
  });
  void archive.finalize().catch(() => undefined);
  const name = `${documentBaseName(view.shipment.type, view.shipment.code, view.shipment.id)}.zip`;
  return { name, archive };
}
