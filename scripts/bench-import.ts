/**
 * `npm run bench -- import`: a 10,000-row .xlsx of receptions (issue 28) previewed (every row
 * checked, nothing written) and imported in chunks of 500 as the page does, on in-memory PGlite
 * and a throwaway PostgreSQL database; rows per second for each step.
 */
import ExcelJS from "exceljs";
import { PLAIN } from "../src/server/db/demo-data";
import { multipartBody } from "../src/server/test/multipart";
import { IMPORT_CHUNK_ROWS, type ImportPreview } from "../src/shared/contract/import-export";
import { type BenchApp, onEachDatabase } from "./bench/bench-app";

const ROWS = 10_000;

async function workbook(client: string): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  const sheet = book.addWorksheet("Recepciones");
  sheet.addRow(["Albarán", "Fecha reservada", "Cliente", "Origen", "Bultos", "Peso"]);
  for (let row = 0; row < ROWS; row++) {
    // Spread over days and hours (the office may overbook: capacity does not refuse them).
    const day = new Date(Date.UTC(2031, 0, 1 + Math.floor(row / 100)));
    const at = `${day.toISOString().slice(0, 10)} ${String(6 + (row % 14)).padStart(2, "0")}:00`;
    sheet.addRow([`BENCH-IMP-${row}`, at, client, "Valencia", row % 40, (row % 900) + 0.5]);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

async function measure(label: string, { app, headersOf }: BenchApp): Promise<void> {
  const headers = await headersOf("office", PLAIN);
  const clients = await app.inject({ method: "GET", url: "/api/client", headers });
  const client = clients.json<{ results: { description: string }[] }>().results[0]?.description;
  const file = await workbook(client ?? "");
  const upload = multipartBody({}, [{ filename: "bench.xlsx", content: file }]);
  let started = performance.now();
  const answer = await app.inject({
    method: "POST",
    url: "/api/import-export/reception/preview",
    headers: { ...headers, ...upload.headers },
    payload: upload.payload,
  });
  const previewMs = performance.now() - started;
  if (answer.statusCode !== 200)
    throw new Error(`${answer.statusCode} ${answer.body.slice(0, 300)}`);
  const rows = answer.json<ImportPreview>().rows.filter((row) => row.values !== null);
  if (rows.length !== ROWS) throw new Error(`only ${rows.length} of ${ROWS} rows are valid`);
  started = performance.now();
  for (let start = 0; start < rows.length; start += IMPORT_CHUNK_ROWS) {
    const chunk = rows.slice(start, start + IMPORT_CHUNK_ROWS);
    const sent = await app.inject({
      method: "POST",
      url: "/api/import-export/reception/rows",
      headers,
      payload: { rows: chunk.map(({ row, uid, values }) => ({ row, uid, values })) },
    });
    if (sent.statusCode !== 200) throw new Error(`${sent.statusCode} ${sent.body.slice(0, 300)}`);
  }
  const importMs = performance.now() - started;
  const rate = (ms: number) => Math.round(ROWS / (ms / 1000));
  console.log(
    `${label}: ${ROWS} rows, ${(file.length / 1024).toFixed(0)} KB: preview ${(previewMs / 1000).toFixed(1)} s ` +
      `(${rate(previewMs)} rows/s), import ${(importMs / 1000).toFixed(1)} s (${rate(importMs)} rows/s)`,
  );
}

export async function runImportBench(): Promise<void> {
  console.log("Import of lines from a spreadsheet (issue 28)\n");
  await onEachDatabase(measure);
}
