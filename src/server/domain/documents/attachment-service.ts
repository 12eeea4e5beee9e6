import type { Multipart } from "@fastify/multipart";
import { fileTypeFromBuffer } from "file-type";
import {
  ATTACHMENT_DESCRIPTION_MAX,
  ATTACHMENT_NAME_MAX,
  ATTACHMENT_TYPES,
  type AttachmentScope,
  AttachmentUploadFields,
  IMAGE_TYPES,
  OFFICE_ZIP_EXTENSIONS,
} from "../../../shared/contract/documents";
import { isCleanText } from "../../../shared/contract/fields";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { requireAllowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { ApiError, errors, multipartReadError, withCodes } from "../../errors";
import {
  type FileStorage,
  FileTooLargeError,
  StorageUnavailableError,
  type StoredFile,
} from "../../services/storage/file-storage";
import { readAnyShipment, SHIPMENT_PERMISSIONS } from "../lines/access";
import type { ShipmentView } from "../lines/repository";
import { actorOf, emitEvents } from "../webhooks/emit";
import { presentAttachment } from "./attachment-presenter";
import {
  type AttachmentRow,
  deleteAttachment,
  deleteAttachmentsOfDeletedShipments,
  insertAttachment,
  keysInUse,
  listAttachments,
} from "./attachment-repository";

export const attachmentErrors = {
  tooLarge: (maxBytes: number) =>
    new ApiError(413, "payload_too_large", `The file is larger than ${maxBytes} bytes`),
  /** 415 with the field code the client translates (its sync issue says which types go). */
  unsupportedType: () =>
    withCodes(
      new ApiError(
        415,
        "unsupported_file_type",
        "This type of file is not kept: send photos, PDF, office documents or spreadsheets (xlsx, xls, docx, doc, odt, ods), csv or txt",
        { file: ["Unsupported file type"] },
      ),
      { file: [{ code: "unsupported_type" }] },
    ),
  noFile: () =>
    errors.validation({ file: ["Send one file"] }, undefined, { file: [{ code: "required" }] }),
  mailDisabled: () =>
    new ApiError(409, "mail_disabled", "Mail is off on this server (no SMTP server configured)"),
  storageUnavailable: () =>
    new ApiError(
      503,
      "storage_unavailable",
      "The file storage cannot be reached, so the file was not saved; try again in a few minutes",
    ),
  mailFailed: () => new ApiError(502, "mail_failed", "The mail server did not accept the message"),
  notice: (code: "no_email" | "invalid_email" | "no_images" | "no_files", message: string) =>
    new ApiError(400, code, message),
};

/**
 * The line an attachment call acts on: visible to the caller (company, clients; 404 otherwise)
 * and of a type they may see; "edit" also needs the type's edit right (the form's canEdit).
 */
export async function shipmentFor(
  db: Db,
  auth: AuthContext,
  shipmentId: number,
  need: "view" | "edit",
): Promise<ShipmentView> {
  const view = await readAnyShipment(db, auth, shipmentId);
  if (need === "edit") {
    requireAllowed(auth, SHIPMENT_PERMISSIONS[view.shipment.type as ShipmentType].edit);
  }
  return view;
}

/** A file name kept as text only: no directories, no control characters, bounded. */
export function safeName(raw: string | undefined): string {
  const base = (raw ?? "").split(/[\\/]/).pop() ?? "";
  // biome-ignore lint/suspicious/noControlCharactersInRegex: removing them is the point
  const cleaned = base.replace(/[\u0000-\u001f\u007f]/g, "").trim();
  const name = cleaned === "." || cleaned === ".." ? "" : cleaned;
  const clean = isCleanText(name) ? name : name.replace(/[^\p{L}\p{N} ._()-]/gu, "_");
  return clean.slice(0, ATTACHMENT_NAME_MAX) || "file";
}

/** The content type from the bytes, and whether a browser shows it as a picture. */
export async function sniff(head: Buffer): Promise<{ contentType: string; isImage: boolean }> {
  const found = await fileTypeFromBuffer(head);
  const contentType = found?.mime ?? "application/octet-stream";
  return { contentType, isImage: (IMAGE_TYPES as readonly string[]).includes(contentType) };
}

/** The control bytes a text file may hold: tab, LF, FF, CR and ESC (terminal colours). */
const TEXT_CONTROL_BYTES = new Set([0x09, 0x0a, 0x0c, 0x0d, 0x1b]);

/** Bytes with no signature that read as text: no NUL nor other control byte below 0x20. */
function isText(head: Buffer): boolean {
  return head.every((byte) => byte >= 0x20 || TEXT_CONTROL_BYTES.has(byte));
}

/**
 * Whether a yard keeps this file (ATTACHMENT_TYPES, contract/documents.ts): judged on the
 * sniffed type of its first bytes; the name counts only for an office zip whose head does not
 * name the document inside.
 */
export function isAcceptedType(contentType: string, head: Buffer, name: string): boolean {
  if ((ATTACHMENT_TYPES as readonly string[]).includes(contentType)) return true;
  if (contentType === "application/zip") {
    const extension = name.split(".").pop()?.toLowerCase() ?? "";
    return (OFFICE_ZIP_EXTENSIONS as readonly string[]).includes(extension);
  }
  return contentType === "application/octet-stream" && (head.length === 0 || isText(head));
}

/**
 * Reads a multipart upload: the fields (shipment, description, ...) and one file part, which
 * streams straight into the storage. Anything refused after the file was stored removes it.
 */
export async function uploadAttachment(
  db: Db,
  auth: AuthContext,
  parts: AsyncIterable<Multipart>,
  deps: { storage: FileStorage; maxBytes: number },
): Promise<AttachmentRow> {
  const fields: Record<string, string> = {};
  let stored: (StoredFile & { name: string }) | undefined;
  const { storage, maxBytes } = deps;
  try {
    for await (const part of parts) {
      if (part.type === "field") {
        if (typeof part.value === "string") fields[part.fieldname] = part.value;
        continue;
      }
      if (part.fieldname !== "file" || stored) {
        part.file.resume();
        continue;
      }
      // A known line first: a caller who may not upload there sends no bytes to the disk.
      if (fields.shipment !== undefined) await checkFields(db, auth, fields);
      const file = await storage.write(part.file, maxBytes);
      stored = { ...file, name: safeName(part.filename) };
    }
  } catch (error) {
    if (stored) await storage.remove(stored.key).catch(() => undefined);
    if (
      error instanceof FileTooLargeError ||
      (error as { code?: string }).code === "FST_REQ_FILE_TOO_LARGE"
    ) {
      throw attachmentErrors.tooLarge(maxBytes);
    }
    if (error instanceof StorageUnavailableError) throw attachmentErrors.storageUnavailable();
    throw multipartReadError(error);
  }
  if (!stored) throw attachmentErrors.noFile();
  try {
    const { shipment, description } = await checkFields(db, auth, fields);
    const { contentType, isImage } = await sniff(stored.head);
    if (!isAcceptedType(contentType, stored.head, stored.name)) {
      throw attachmentErrors.unsupportedType();
    }
    const values = {
      companyId: auth.company.id,
      shipmentId: shipment.shipment.id,
      name: stored.name,
      description: (description || stored.name).slice(0, ATTACHMENT_DESCRIPTION_MAX),
      isImage,
      contentType,
      size: stored.size,
      storageKey: stored.key,
      userId: auth.user.id,
    };
    return await db.transaction(async (tx) => {
      const row = await insertAttachment(tx, values);
      await emitEvents(tx, [
        {
          type: "attachment.added",
          companyId: auth.company.id,
          entityKey: `shipment:${row.shipmentId}`,
          actor: actorOf(auth),
          data: presentAttachment(row),
        },
      ]);
      return row;
    });
  } catch (error) {
    // Storage unreachable now: the file no row names is the sweep's.
    await storage.remove(stored.key).catch(() => undefined);
    throw error;
  }
}

async function checkFields(db: Db, auth: AuthContext, fields: Record<string, string>) {
  const parsed = AttachmentUploadFields.safeParse(fields);
  if (!parsed.success) {
    const byField: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) {
      const name = String(issue.path[0] ?? "body");
      byField[name] = [...(byField[name] ?? []), issue.message];
    }
    throw errors.validation(byField);
  }
  const shipment = await shipmentFor(db, auth, parsed.data.shipment, "edit");
  return { shipment, description: parsed.data.description };
}

/** Removes the row, then the file (a file whose removal failed is left to the sweep). */
export async function removeAttachment(
  db: Db,
  storage: FileStorage,
  companyId: number,
  id: number,
): Promise<boolean> {
  const key = await deleteAttachment(db, companyId, id);
  if (key === undefined) return false;
  await storage.remove(key).catch(() => undefined);
  return true;
}

/** The attachments a zip or mail takes: the scope, narrowed to `ids` when given. */
export async function attachmentsIn(
  db: Db,
  companyId: number,
  shipmentId: number,
  scope: AttachmentScope,
  ids: readonly number[] | undefined,
): Promise<AttachmentRow[]> {
  const isImage = scope === "images" ? true : scope === "documents" ? false : undefined;
  const { rows } = await listAttachments(db, companyId, shipmentId, { isImage, ids });
  return rows;
}

/** The spec's notice when a scope holds nothing: no_images, no_files (all: both). */
export function emptyScopeError(scope: AttachmentScope): ApiError {
  if (scope === "images") return attachmentErrors.notice("no_images", "There are no images");
  if (scope === "documents") return attachmentErrors.notice("no_files", "There are no files");
  return attachmentErrors.notice("no_files", "There are no images and no files");
}

/** Zip and mail names: the file names, made unique ("a.png", "a (2).png"). */
export function uniqueNames(rows: readonly AttachmentRow[]): string[] {
  const seen = new Map<string, number>();
  return rows.map((row) => {
    const name = safeName(row.name);
    const key = name.toLowerCase();
    const n = (seen.get(key) ?? 0) + 1;
    seen.set(key, n);
    if (n === 1) return name;
    const dot = name.lastIndexOf(".");
    return dot > 0 ? `${name.slice(0, dot)} (${n})${name.slice(dot)}` : `${name} (${n})`;
  });
}

/** After a line's deletion: its attachments and their files go (no orphan files). */
export async function purgeDeletedShipment(
  db: Db,
  storage: FileStorage,
  shipmentId: number,
): Promise<void> {
  const keys = await deleteAttachmentsOfDeletedShipments(db, shipmentId);
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
}

/**
 * Removes what no live line needs: attachments of deleted shipments, files no row names (an
 * upload cut off mid-way, a removal that failed) and writes that never finished (S3 multipart
 * uploads left by a crash), once older than `minAgeMs`, so an upload still being written is
 * never taken.
 */
export async function sweepAttachments(
  db: Db,
  storage: FileStorage,
  minAgeMs: number,
): Promise<{ rows: number; files: number; uploads: number }> {
  const keys = await deleteAttachmentsOfDeletedShipments(db);
  await Promise.all(keys.map((key) => storage.remove(key).catch(() => undefined)));
  const uploads = await storage.sweepUnfinished(minAgeMs);
  const cutoff = Date.now() - minAgeMs;
  const old = (await storage.list()).filter((file) => file.modified.getTime() <= cutoff);
  let files = 0;
  for (let start = 0; start < old.length; start += 500) {
    const batch = old.slice(start, start + 500).map((file) => file.key);
    const used = await keysInUse(db, batch);
    for (const key of batch) {
      if (used.has(key)) continue;
      await storage.remove(key).catch(() => undefined);
      files++;
    }
  }
  return { rows: keys.length, files, uploads };
}
