import { saveBlob } from "../../lib/download";

/**
 * CSV exports of the BI screen (spec section 9): semicolon separated, "--" for an empty value,
 * UTF-8 with a byte-order mark so Excel opens accents right, CRLF line ends (RFC 4180).
 */
export const CSV_SEPARATOR = ";";
export const CSV_EMPTY = "--";
const BOM = "\uFEFF";

export type CsvValue = string | number | null | undefined;

/** The decimal separator of the user's language ("," in es, pt and mx; "." in en). */
export function decimalSeparator(locales: string | readonly string[]): string {
  const parts = new Intl.NumberFormat(locales as string | string[]).formatToParts(1.5);
  return parts.find((part) => part.type === "decimal")?.value ?? ".";
}

function cell(value: CsvValue, decimal: string): string {
  // Numbers with the user's decimal separator and no grouping, as Excel in es or pt reads
  // them; the ";" separator never clashes with a decimal comma.
  const text =
    value === null || value === undefined
      ? ""
      : typeof value === "number"
        ? String(value).replace(".", decimal)
        : String(value);
  if (text.trim() === "") return CSV_EMPTY;
  // Quote what would break the row: the separator, quotes, line breaks; and neutralise a
  // leading formula character so a spreadsheet never runs a cell as a formula.
  const safe = typeof value === "string" && /^[=+\-@]/.test(text) ? `'${text}` : text;
  return /[";\r\n]/.test(safe) ? `"${safe.replaceAll('"', '""')}"` : safe;
}

/** The CSV text: a header row, then one row per record. */
export function toCsv(
  header: readonly string[],
  rows: readonly (readonly CsvValue[])[],
  decimal = ".",
): string {
  const lines = [header, ...rows].map((row) =>
    row.map((value) => cell(value, decimal)).join(CSV_SEPARATOR),
  );
  return `${BOM}${lines.join("\r\n")}\r\n`;
}

/** Saves a CSV text on the device (the one file saver, lib/download.ts). */
export function downloadCsv(fileName: string, csv: string): void {
  saveBlob(new Blob([csv], { type: "text/csv;charset=utf-8" }), fileName);
}
