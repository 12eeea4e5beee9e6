import { z } from "zod";
import { FieldError } from "./errors";
import { Id } from "./fields";
import { ExpeditionCreate, ReceptionCreate } from "./shipments-write";

/**
 * Import and export of expeditions and receptions as spreadsheets (issue 28; the home menu's
 * "import/export" tile, non-trw companies).
 *
 * - POST api/import-export/{expedition|reception}/preview: multipart, one part `file` (.xlsx or
 *   .csv, at most IMPORT_MAX_BYTES, IMPORT_MAX_ROWS rows). Reads the sheet (headers in any of
 *   the four languages, or the API's field names), checks every row as the form's save would
 *   (required fields, dates, client by name or id, dock capacity and restricted dates, counting
 *   the file's own earlier rows) and writes nothing. Each row gets its uid: the `uid` column, or
 *   one derived from the code and booked date, so the same file imported twice creates nothing
 *   twice.
 * - POST api/import-export/{expedition|reception}/rows: JSON, at most IMPORT_CHUNK_ROWS rows of
 *   a preview (the client sends the valid ones in chunks and shows progress). Every row is
 *   checked again (the server trusts no preview); each is created once under its uid.
 * - GET api/import-export/{expedition|reception}?from&to: the lines booked in those days as an
 *   .xlsx in the same columns, headers in the user's language: it imports back unchanged.
 */

export const IMPORT_TYPES = ["expedition", "reception"] as const;
export type ImportType = (typeof IMPORT_TYPES)[number];

export const IMPORT_MAX_BYTES = 5 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 10_000;
export const IMPORT_CHUNK_ROWS = 500;
export const EXPORT_MAX_ROWS = IMPORT_MAX_ROWS;

/** The columns of both the export and the import, in order (reception: origin). */
export const LINE_COLUMNS = [
  "uid",
  "code",
  "booked_date",
  "action_date",
  "client",
  "destination",
  "origin",
  "dock",
  "warehouse",
  "packages",
  "weight",
  "road",
  "road_number",
  "route_plate",
  "shared_id",
  "urgent",
  "groupage",
  "own_truck",
  "client_notes",
  "company_notes",
  "pallet_notes",
] as const;
export type LineColumn = (typeof LINE_COLUMNS)[number];

/** The columns of one type (an expedition has a destination, a reception an origin). */
export function columnsOf(type: ImportType): LineColumn[] {
  return LINE_COLUMNS.filter((column) =>
    type === "expedition" ? column !== "origin" : column !== "destination",
  );
}

export const ImportTypeParams = z.object({ type: z.enum(IMPORT_TYPES) });

/** What a row would write: the create body of its type (client by id). */
export const ImportValues = z.union([ExpeditionCreate, ReceptionCreate]);
export type ImportValues = z.infer<typeof ImportValues>;

export const ImportPreviewRow = z.object({
  /** The row's number in the sheet (the header is row 1). */
  row: z.number().int(),
  uid: z.uuid(),
  /** The row's cells as text, by column (what the preview shows). */
  cells: z.record(z.string(), z.string()),
  /** The write body, when every cell could be read (else null). */
  values: z.record(z.string(), z.unknown()).nullable(),
  /** Why a field is refused, by column; empty when the row can be imported. */
  field_codes: z.record(z.string(), z.array(FieldError)),
  /** A line already exists under this uid (importing it again creates nothing). */
  existing: z.boolean(),
});
export type ImportPreviewRow = z.infer<typeof ImportPreviewRow>;

export const ImportPreview = z.object({
  columns: z.array(z.string()),
  /** Headers that name no column: their cells are not imported. */
  ignored_headers: z.array(z.string()),
  rows: z.array(ImportPreviewRow),
});
export type ImportPreview = z.infer<typeof ImportPreview>;

export const ImportRowsRequest = z.object({
  rows: z
    .array(
      z.object({
        row: z.number().int().min(1).max(1_000_000),
        uid: z.uuid(),
        values: ImportValues,
      }),
    )
    .min(1)
    .max(IMPORT_CHUNK_ROWS),
});
export type ImportRowsRequest = z.input<typeof ImportRowsRequest>;

export const IMPORT_OUTCOMES = ["created", "existing", "refused"] as const;
export const ImportRowOutcome = z.object({
  row: z.number().int(),
  uid: z.uuid(),
  outcome: z.enum(IMPORT_OUTCOMES),
  /** The line (created or already there). */
  id: Id.nullable(),
  field_codes: z.record(z.string(), z.array(FieldError)),
});
export type ImportRowOutcome = z.infer<typeof ImportRowOutcome>;

export const ImportRowsAnswer = z.object({ rows: z.array(ImportRowOutcome) });
export type ImportRowsAnswer = z.infer<typeof ImportRowsAnswer>;

const Day = z.iso.date();
export const ExportQuery = z.object({
  from: Day.describe("First booked day, YYYY-MM-DD (yard time)"),
  to: Day.describe("Last booked day, YYYY-MM-DD (yard time), inclusive"),
  lang: z
    .enum(["en", "es", "pt", "mx"])
    .optional()
    .describe("Header language (else Accept-Language)"),
});
export type ExportQuery = z.infer<typeof ExportQuery>;
