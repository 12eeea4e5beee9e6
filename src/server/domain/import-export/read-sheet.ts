import { parse } from "csv-parse/sync";
import ExcelJS from "exceljs";
import { IMPORT_MAX_ROWS } from "../../../shared/contract/import-export";
import { sheetRefusal } from "./refusals";
import { zipEntriesSize } from "./zip-size";

/** A cell as read: text, a number, a date (xlsx date cells), a boolean, empty, or a formula. */
export type Cell = string | number | boolean | Date | null | { formula: string };

export interface Sheet {
  headers: string[];
  /** Data rows (after the header), each with its row number in the file (the header is 1). */
  rows: { row: number; cells: Cell[] }[];
}

/** What the unpacked workbook may weigh: 10,000 rows of 21 columns need a few MB. */
const MAX_UNPACKED_BYTES = 40 * 1024 * 1024;
const ZIP_MAGIC = Buffer.from([0x50, 0x4b, 0x03, 0x04]);

/** Reads an .xlsx (first sheet) or a .csv upload; refuses anything else, or too big. */
export async function readSheet(bytes: Buffer): Promise<Sheet> {
  if (bytes.subarray(0, 4).equals(ZIP_MAGIC)) return readXlsx(bytes);
  if (bytes.includes(0)) throw sheetRefusal("not_a_sheet");
  return readCsv(bytes);
}

function cellOf(value: ExcelJS.CellValue): Cell {
  if (value == null) return null;
  if (value instanceof Date || typeof value !== "object") return value;
  if ("formula" in value || "sharedFormula" in value) {
    return { formula: String("formula" in value ? value.formula : value.sharedFormula) };
  }
  if ("richText" in value) return value.richText.map((part) => part.text).join("");
  if ("text" in value) return String(value.text);
  if ("error" in value) return String(value.error);
  return null;
}

/**
 * The whole workbook is loaded (JSZip), not streamed: ExcelJS's streaming reader loses
 * xl/workbook.xml now and then when it is the zip's last entry (as in ExcelJS's own files and our
 * exports), and leaks a temporary file and its descriptor per read. The unpacked size is checked
 * first, so what is loaded is bounded (about 110 MB of heap for 10,000 rows of 21 columns).
 */
async function readXlsx(bytes: Buffer): Promise<Sheet> {
  const unpacked = zipEntriesSize(bytes);
  if (unpacked === undefined) throw sheetRefusal("not_a_sheet");
  if (unpacked > MAX_UNPACKED_BYTES) throw sheetRefusal("too_big");
  const workbook = new ExcelJS.Workbook();
  try {
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  } catch {
    throw sheetRefusal("not_a_sheet");
  }
  const worksheet = workbook.worksheets[0];
  if (!worksheet) throw sheetRefusal("not_a_sheet");
  const sheet: Sheet = { headers: [], rows: [] };
  worksheet.eachRow({ includeEmpty: false }, (row) => {
    const cells: Cell[] = [];
    row.eachCell({ includeEmpty: true }, (cell, column) => {
      cells[column - 1] = cellOf(cell.value);
    });
    if (row.number === 1) sheet.headers = cells.map((cell) => textOf(cell));
    else if (cells.some((cell) => cell !== null && cell !== "")) {
      if (sheet.rows.length >= IMPORT_MAX_ROWS) throw sheetRefusal("too_many_rows");
      sheet.rows.push({ row: row.number, cells: Array.from(cells, (cell) => cell ?? null) });
    }
  });
  return sheet;
}

function decode(bytes: Buffer): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    // Excel's "CSV" on Windows is windows-1252.
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** The separator of the header line: semicolon (Excel in Spain and Portugal), tab or comma. */
function delimiterOf(text: string): string {
  const header = text.slice(0, text.search(/\r?\n|$/));
  const counts = [";", "\t", ","].map((sep) => [sep, header.split(sep).length] as const);
  return counts.reduce((best, next) => (next[1] > best[1] ? next : best))[0];
}

function readCsv(bytes: Buffer): Sheet {
  const text = decode(bytes).replace(/^\uFEFF/, "");
  let records: string[][];
  try {
    records = parse(text, {
      delimiter: delimiterOf(text),
      relax_column_count: true,
      relax_quotes: true,
      skip_empty_lines: true,
      to_line: IMPORT_MAX_ROWS + 2,
      max_record_size: 64 * 1024,
    }) as string[][];
  } catch {
    throw sheetRefusal("not_a_sheet");
  }
  const [headers = [], ...data] = records;
  if (data.length > IMPORT_MAX_ROWS) throw sheetRefusal("too_many_rows");
  return {
    headers: headers.map((header) => header.trim()),
    rows: data
      .map((cells, index) => ({
        row: index + 2,
        cells: cells.map(
          (cell): Cell => (cell.startsWith("=") ? { formula: cell.slice(1) } : cell),
        ),
      }))
      .filter(({ cells }) => cells.some((cell) => cell !== "")),
  };
}

/** A header or cell as plain text. */
export function textOf(cell: Cell): string {
  if (cell == null) return "";
  if (cell instanceof Date) return cell.toISOString();
  if (typeof cell === "object") return `=${cell.formula}`;
  return String(cell).trim();
}
