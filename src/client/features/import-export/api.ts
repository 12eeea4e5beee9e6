import {
  IMPORT_CHUNK_ROWS,
  type ImportPreview,
  type ImportPreviewRow,
  type ImportRowOutcome,
  type ImportRowsAnswer,
  type ImportType,
} from "../../../shared/contract/import-export";
import { saveDownload } from "../../lib/download";
import { http, request } from "../../lib/http";

/** Sends a sheet to be read and checked; nothing is written (api/import-export/{type}/preview). */
export function previewSheet(type: ImportType, file: File): Promise<ImportPreview> {
  const body = new FormData();
  body.append("file", file, file.name);
  // 10,000 rows are checked one by one: give the server time.
  return request<ImportPreview>(`api/import-export/${type}/preview`, {
    method: "post",
    body,
    timeout: 180_000,
  });
}

/** The rows an import sends: checked without problems, and not imported already. */
export function importable(rows: readonly ImportPreviewRow[]): ImportPreviewRow[] {
  return rows.filter((row) => row.values !== null && !row.existing);
}

/**
 * Imports a preview's valid rows in chunks, reporting how many were done after each; a chunk
 * sent again (a retry) creates nothing twice: each row is created once under its uid.
 */
export async function importPreviewRows(
  type: ImportType,
  rows: readonly ImportPreviewRow[],
  onProgress: (done: number) => void,
): Promise<ImportRowOutcome[]> {
  const ready = importable(rows);
  const outcomes: ImportRowOutcome[] = [];
  for (let start = 0; start < ready.length; start += IMPORT_CHUNK_ROWS) {
    const chunk = ready.slice(start, start + IMPORT_CHUNK_ROWS);
    const answer = await http.post<ImportRowsAnswer>(
      `api/import-export/${type}/rows`,
      { rows: chunk.map(({ row, uid, values }) => ({ row, uid, values })) },
      { timeout: 120_000 },
    );
    outcomes.push(...answer.rows);
    onProgress(outcomes.length);
  }
  return outcomes;
}

/** Downloads the lines booked from `from` to `to` (yard days) as an .xlsx in `language`. */
export function exportLines(type: ImportType, from: string, to: string, language: string) {
  const query = new URLSearchParams({ from, to, lang: language });
  return saveDownload(`api/import-export/${type}?${query}`, `${type}-${from}.xlsx`);
}
