import { DateTime } from "luxon";
import type { ImportType, LineColumn } from "../../../shared/contract/import-export";
import { ExpeditionCreate, ReceptionCreate } from "../../../shared/contract/shipments-write";
import type { FieldCodes } from "../../errors";
import { zodValidationError } from "../../http/validation-errors";
import { normalizedHeader } from "./columns";
import { type Cell, textOf } from "./read-sheet";

/** A row as the preview shows it (cells as text) and as a create body, with its refusals. */
export interface RowValues {
  cells: Record<string, string>;
  body: Record<string, unknown>;
  codes: FieldCodes;
}

/** How a row reads its client cell: a client id of the user's, or why not. */
export type ClientLookup = (text: string) => number | "unknown" | "ambiguous";

const DATE_COLUMNS = new Set<LineColumn>(["booked_date", "action_date"]);
const WHOLE_NUMBER_COLUMNS = new Set<LineColumn>(["packages"]);
const NUMBER_COLUMNS = new Set<LineColumn>(["weight"]);
const YES_NO_COLUMNS = new Set<LineColumn>(["urgent", "groupage", "own_truck"]);

/** Yes and no in the four languages (and what spreadsheets write for them). */
const YES = new Set(["1", "true", "yes", "y", "x", "si", "s", "sim", "verdadero", "verdadeiro"]);
const NO = new Set(["0", "false", "no", "n", "nao", "falso"]);

/** Day/month order first: the yards are in Spain, Portugal and Mexico. */
const DATE_FORMATS = [
  "d/M/yyyy H:mm",
  "d/M/yyyy H:mm:ss",
  "d/M/yyyy",
  "d-M-yyyy H:mm",
  "d.M.yyyy H:mm",
  "yyyy-MM-dd H:mm",
  "yyyy-MM-dd H:mm:ss",
  "yyyy-MM-dd",
];
/** Excel counts days from 30 December 1899. */
const EXCEL_EPOCH = DateTime.fromISO("1899-12-30T00:00:00", { zone: "UTC" });

function dateOf(cell: Cell, zone: string): DateTime | undefined {
  if (cell instanceof Date) {
    // An .xlsx date has no zone: its UTC fields are the wall clock typed in the sheet.
    return DateTime.fromObject(
      {
        year: cell.getUTCFullYear(),
        month: cell.getUTCMonth() + 1,
        day: cell.getUTCDate(),
        hour: cell.getUTCHours(),
        minute: cell.getUTCMinutes(),
        second: cell.getUTCSeconds(),
      },
      { zone },
    );
  }
  if (typeof cell === "number") {
    const wall = EXCEL_EPOCH.plus({ milliseconds: Math.round(cell * 86_400_000) });
    return DateTime.fromObject(wall.toObject(), { zone });
  }
  const text = textOf(cell);
  const iso = DateTime.fromISO(text, { zone, setZone: /(Z|[+-]\d{2}:?\d{2})$/.test(text) });
  if (iso.isValid) return iso;
  for (const format of DATE_FORMATS) {
    const parsed = DateTime.fromFormat(text, format, { zone });
    if (parsed.isValid) return parsed;
  }
  return undefined;
}

/** A number as people type it: 1.234,5 or 1,234.5 or 1234,5 (the last separator is decimal). */
function numberOf(cell: Cell): number | undefined {
  if (typeof cell === "number") return cell;
  const text = textOf(cell).replace(/[\s\u00a0']/g, "");
  const decimal = Math.max(text.lastIndexOf(","), text.lastIndexOf("."));
  const whole = decimal < 0 ? text : text.slice(0, decimal).replace(/[.,]/g, "");
  const plain = decimal < 0 ? whole : `${whole}.${text.slice(decimal + 1)}`;
  return /^-?\d+(\.\d+)?$/.test(plain) ? Number(plain) : undefined;
}

function yesNoOf(cell: Cell): boolean | undefined {
  if (typeof cell === "boolean") return cell;
  const word = normalizedHeader(textOf(cell));
  if (YES.has(word)) return true;
  if (NO.has(word)) return false;
  return undefined;
}

type Read = { value: unknown } | { code: FieldCodes[string] };

function readCell(column: LineColumn, cell: Cell, zone: string, client: ClientLookup): Read {
  if (cell !== null && typeof cell === "object" && !(cell instanceof Date)) {
    return { code: [{ code: "formula" }] };
  }
  if (DATE_COLUMNS.has(column)) {
    const date = dateOf(cell, zone);
    return date
      ? { value: date.toFormat("yyyy-LL-dd'T'HH:mm:ssZZ") }
      : { code: [{ code: "invalid_date" }] };
  }
  if (WHOLE_NUMBER_COLUMNS.has(column) || NUMBER_COLUMNS.has(column)) {
    const number = numberOf(cell);
    if (number === undefined) return { code: [{ code: "invalid_type" }] };
    return { value: number };
  }
  if (YES_NO_COLUMNS.has(column)) {
    const answer = yesNoOf(cell);
    return answer === undefined ? { code: [{ code: "invalid_choice" }] } : { value: answer };
  }
  if (column === "client") {
    const id = client(textOf(cell));
    return typeof id === "number" ? { value: id } : { code: [{ code: "invalid_choice" }] };
  }
  return { value: textOf(cell) };
}

/**
 * A sheet row as a create body of `type`: each named column's cell read as the form would take
 * it (dates on the yard's clock, numbers with either decimal separator, yes/no in the four
 * languages, the client by name or id), then the contract's own checks.
 */
export function rowValues(
  type: ImportType,
  columns: readonly (LineColumn | undefined)[],
  cells: readonly Cell[],
  zone: string,
  client: ClientLookup,
): RowValues {
  const shown: Record<string, string> = {};
  const body: Record<string, unknown> = {};
  const codes: FieldCodes = {};
  columns.forEach((column, index) => {
    const cell = cells[index] ?? null;
    if (!column || column === "uid") return;
    shown[column] = textOf(cell);
    if (cell === null || textOf(cell) === "") return;
    const read = readCell(column, cell, zone, client);
    if ("code" in read) codes[column] = read.code;
    else body[column] = read.value;
  });
  const schema = type === "expedition" ? ExpeditionCreate : ReceptionCreate;
  const parsed = schema.safeParse(body);
  if (!parsed.success) {
    const refused = zodValidationError(parsed.error, "body", body).fieldCodes ?? {};
    for (const [field, list] of Object.entries(refused)) codes[field] ??= list;
  }
  return { cells: shown, body: parsed.success ? parsed.data : body, codes };
}
