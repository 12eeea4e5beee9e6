import { LINE_COLUMNS, type LineColumn } from "../../../shared/contract/import-export";
import { TEXT_LANGUAGES, textsFor } from "../../texts";

/** A header as compared: lower case, no accents, words separated by one space. */
export function normalizedHeader(header: string): string {
  return header
    .normalize("NFD")
    .replace(/\p{M}/gu, "")
    .toLowerCase()
    .replace(/[^\p{L}\p{N}]+/gu, " ")
    .trim();
}

/** Every header that names a column: the API's name and its label in each language. */
const COLUMN_OF_HEADER: ReadonlyMap<string, LineColumn> = new Map(
  LINE_COLUMNS.flatMap((column) => [
    [normalizedHeader(column), column] as const,
    ...TEXT_LANGUAGES.map(
      (language) =>
        [normalizedHeader(textsFor(language).lineSheet.columns[column]), column] as const,
    ),
  ]),
);

/** The column each header names (undefined: not ours; its cells are not imported). */
export function columnsOfHeaders(headers: readonly string[]): (LineColumn | undefined)[] {
  const seen = new Set<LineColumn>();
  return headers.map((header) => {
    const column = COLUMN_OF_HEADER.get(normalizedHeader(header));
    // A second header naming the same column is ignored, not merged.
    if (!column || seen.has(column)) return undefined;
    seen.add(column);
    return column;
  });
}
