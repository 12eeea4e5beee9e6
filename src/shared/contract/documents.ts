import { z } from "zod";
import { Id, QueryId, text } from "./fields";
import { listOf, PagingQuery } from "./paging";

/** Shipment documents (issue 13): files attached to an expedition or reception. */
export const ATTACHMENT_NAME_MAX = 255;
export const ATTACHMENT_DESCRIPTION_MAX = 500;
/** Raster types a browser shows: only these count as images (sniffed from the bytes). */
export const IMAGE_TYPES = [
  "image/jpeg",
  "image/png",
  "image/gif",
  "image/webp",
  "image/bmp",
  "image/avif",
] as const;
export const MAIL_RECIPIENTS_MAX = 20;

/**
 * The files a yard keeps (issue 24), as sniffed from the bytes (file-type), never as the
 * client's mime says: photos (IMAGE_TYPES, and HEIC/HEIF from phones), PDF, office documents
 * (xlsx, docx, odt, ods; xls and doc are OLE compound files, application/x-cfb) and plain text
 * (csv, txt: no recognised signature and no control bytes). Anything else is refused 415 with
 * `field_codes.file: unsupported_type` and nothing is kept.
 */
export const ATTACHMENT_TYPES = [
  ...IMAGE_TYPES,
  "image/heic",
  "image/heif",
  "application/pdf",
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  "application/vnd.openxmlformats-officedocument.wordprocessingml.document",
  "application/vnd.oasis.opendocument.spreadsheet",
  "application/vnd.oasis.opendocument.text",
  "application/x-cfb",
] as const;

/**
 * Office documents are zips: when the first 4 KB do not name the document inside (a writer
 * that puts its parts in another order), a zip is kept if its name has one of these endings.
 */
export const OFFICE_ZIP_EXTENSIONS = ["xlsx", "docx", "ods", "odt"] as const;

export const Attachment = z.object({
  id: Id,
  shipment: Id,
  company: Id,
  name: z.string(),
  description: z.string(),
  is_image: z.boolean(),
  /** Sniffed from the bytes; application/octet-stream when not recognised. */
  content_type: z.string(),
  size: z.number().int().min(0),
  created: z.string(),
});
export type Attachment = z.infer<typeof Attachment>;

export const AttachmentList = listOf(Attachment);
export type AttachmentList = z.infer<typeof AttachmentList>;

const BoolQuery = z
  .enum(["true", "false", "1", "0"])
  .transform((value) => value === "true" || value === "1");

export const AttachmentListQuery = PagingQuery.extend({
  shipment: QueryId,
  is_image: BoolQuery.optional(),
  page_size: PagingQuery.shape.page_size.unwrap().default(200),
});

/** Multipart fields of an upload besides `file` (the file part comes last). */
export const AttachmentUploadFields = z.object({
  shipment: QueryId,
  description: text(ATTACHMENT_DESCRIPTION_MAX).optional(),
  /** Sent by the replaced client; the server decides by the bytes. */
  is_image: z.string().max(5).optional(),
  company: z.string().max(12).optional(),
});

export const AttachmentContent = z.object({
  id: Id,
  name: z.string(),
  content_type: z.string(),
  /** The image, base64. */
  file: z.string(),
});

/** Which attachments a zip or mail takes: images, documents or all (or the selected ids). */
export const ATTACHMENT_SCOPES = ["images", "documents", "all"] as const;
export type AttachmentScope = (typeof ATTACHMENT_SCOPES)[number];

const IdList = z
  .union([z.array(QueryId), z.string().max(4000)])
  .transform((value, ctx) => {
    if (Array.isArray(value)) return value;
    const ids = value
      .split(",")
      .filter((part) => part.trim() !== "")
      .map((part) => Number(part));
    if (ids.some((id) => !Number.isInteger(id) || id < 1 || id > 2_147_483_647)) {
      ctx.addIssue({ code: "custom", message: "Not a list of ids" });
      return z.NEVER;
    }
    return ids;
  })
  .pipe(z.array(z.number()).max(1000));

export const AttachmentZipQuery = z.object({
  shipment: QueryId,
  scope: z.enum(ATTACHMENT_SCOPES).default("all"),
  /** Only these attachments (the selection mode); within the scope. */
  ids: IdList.optional(),
});

/** A simple address: text, at sign, text, dot, text (spec section 5). */
export const SIMPLE_EMAIL = /^[^\s@,;<>]+@[^\s@,;<>]+\.[^\s@,;<>]+$/;

/** Comma-separated recipients trimmed; empty parts dropped. */
export function recipientsOf(input: string): string[] {
  return input
    .split(",")
    .map((part) => part.trim())
    .filter((part) => part !== "");
}

export const AttachmentMailRequest = z.object({
  shipment: Id,
  /** Recipients: a list or one comma-separated text. */
  mail: z.union([z.array(text(254)).max(MAIL_RECIPIENTS_MAX), text(4000)]),
  scope: z.enum(ATTACHMENT_SCOPES).default("all"),
  ids: z.array(Id).max(1000).optional(),
  /** The language of the message (the user's interface language). */
  language: z.enum(["en", "es", "pt", "mx"]).default("en"),
});
export type AttachmentMailRequest = z.input<typeof AttachmentMailRequest>;

export const AttachmentMailResponse = z.object({
  /** The spec's success notice. */
  message: z.literal("mail_sent"),
  recipients: z.array(z.string()),
  attachments: z.number().int(),
});

/** Why a mail or zip was refused (spec section 5 notices; the client shows them translated). */
export const ATTACHMENT_NOTICES = ["no_email", "invalid_email", "no_images", "no_files"] as const;

/** api/shipment/{id}/qr: the line's QR code. */
export const ShipmentQr = z.object({
  /** PNG, base64 (no data: prefix). */
  qr: z.string(),
  /** The link the code holds: the line in the app. */
  link: z.string(),
});
export type ShipmentQr = z.infer<typeof ShipmentQr>;

export const MailStatus = z.object({ enabled: z.boolean() });
