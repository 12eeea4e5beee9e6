import { readFile } from "node:fs/promises";
import type { Page } from "@playwright/test";
import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import { apiAs } from "./api-as";
import { expect, test } from "./fixtures";
import { PAGE_LOAD_TIMEOUT } from "./page-models";

/**
 * Import and export of lines (issue 28), in Spanish, as the office uses it: a spreadsheet with a
 * mistake is previewed with the reason on its row, fixed, imported with progress, imported
 * again without creating anything twice, and the lines exported back in the same columns.
 */
test.describe.configure({ timeout: 120_000 });
test.use({ lang: "es" });

const stamp = Date.now().toString(36).toUpperCase();
/** A far-off day of this run's own (the dock's hours of other journeys are never touched). */
const DAY = DateTime.local()
  .startOf("day")
  .plus({ days: 430 + Math.floor((Date.now() / 1000) % 300) });
const HEADERS = ["Albarán", "Fecha reservada", "Cliente", "Origen", "Bultos", "Urgente"];

async function sheet(rows: unknown[][]): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  const page = workbook.addWorksheet("Recepciones");
  page.addRow(HEADERS);
  for (const row of rows) page.addRow(row);
  return Buffer.from(await workbook.xlsx.writeBuffer());
}

const at = (hour: number) => `${DAY.toFormat("dd/LL/yyyy")} ${String(hour).padStart(2, "0")}:00`;

async function choose(page: Page, name: string, content: Buffer): Promise<void> {
  await page.getByLabel("Elegir una hoja de cálculo").setInputFiles({
    name,
    mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    buffer: content,
  });
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({
    path: `test-results/screenshots/import-export-${name}.png`,
    fullPage: true,
  });
}

test("the office imports a spreadsheet with a mistake, fixes it, imports it twice and exports it", async ({
  page,
  request,
  loginAs,
}) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  const api = await apiAs(request, "office", "Yardline Demo");
  const acme = await api.get<{ results: { description: string }[] }>("/api/client", {
    search: "ACME",
  });
  const client = acme.results[0]?.description ?? "";
  const codes = [1, 2, 3].map((n) => `IMP-${stamp}-${n}`);
  const wrong = await sheet([
    [codes[0], at(9), client, "Valencia", 4, "sí"],
    [codes[1], at(10), "Cliente que no existe", "Murcia", 2, "no"],
    [codes[2], at(11), client, "Lugo", 1, ""],
  ]);
  const fixed = await sheet([
    [codes[0], at(9), client, "Valencia", 4, "sí"],
    [codes[1], at(10), client, "Murcia", 2, "no"],
    [codes[2], at(11), client, "Lugo", 1, ""],
  ]);

  await loginAs("office");
  await page.getByRole("link", { name: "Importar", exact: true }).click();
  await expect(page).toHaveURL(/\/import-export$/, { timeout: PAGE_LOAD_TIMEOUT });
  await expect(page.getByRole("heading", { name: "Importar y exportar" })).toBeVisible();

  // The mistake is named on its row, in the form's words; nothing is written yet.
  await choose(page, "recepciones.xlsx", wrong);
  await expect(page.getByText("2 filas listas para importar")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByText("1 fila con problemas")).toBeVisible();
  const problems = page.getByRole("table", { name: "Filas que no se importarán" });
  await expect(problems.getByRole("row")).toHaveCount(2);
  await expect(problems).toContainText(codes[1] ?? "");
  await expect(problems).toContainText(
    "Cliente: No hay ningún cliente con este nombre o número: escríbalo como en la lista de clientes",
  );
  await shot(page, "preview-with-errors");
  const none = await api.get<{ count: number }>("/api/reception", { code: `IMP-${stamp}` });
  expect(none.count).toBe(0);

  // Fixed: every row imports, with progress, then a summary.
  await page.getByRole("button", { name: "Empezar de nuevo" }).click();
  await choose(page, "recepciones-corregido.xlsx", fixed);
  await expect(page.getByText("3 filas listas para importar")).toBeVisible({ timeout: 30_000 });
  await page.getByRole("button", { name: "Importar 3 filas" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Hecho" })).toHaveText(
    "Hecho: 3 creadas, 0 ya existían, 0 rechazadas.",
  );
  await shot(page, "imported");

  // The same file again: every row is already there, nothing to import.
  await page.getByRole("button", { name: "Empezar de nuevo" }).click();
  await choose(page, "recepciones-corregido.xlsx", fixed);
  await expect(page.getByText("3 filas ya importadas (no se crea nada dos veces)")).toBeVisible({
    timeout: 30_000,
  });
  await expect(page.getByRole("button", { name: "Importar 0 filas" })).toBeDisabled();
  const lines = await api.get<{ results: { code: string }[] }>("/api/reception", {
    code: `IMP-${stamp}`,
    page_size: 50,
  });
  expect(lines.results.map((line) => line.code).sort()).toEqual(codes);

  // Export the day: the same columns, Spanish headers, the imported lines.
  await page.getByLabel("Reservado desde").fill(DAY.toISODate() ?? "");
  await page.getByLabel("Reservado hasta").fill(DAY.toISODate() ?? "");
  const downloading = page.waitForEvent("download");
  await page.getByRole("button", { name: "Exportar a Excel" }).click();
  const download = await downloading;
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load((await readFile(await download.path())) as unknown as ArrayBuffer);
  const exported = workbook.worksheets[0];
  expect(exported?.name).toBe("Recepciones");
  expect(exported?.getRow(1).getCell(2).value).toBe("Albarán");
  const exportedCodes: string[] = [];
  exported?.eachRow((row, number) => {
    if (number > 1) exportedCodes.push(String(row.getCell(2).value));
  });
  expect(exportedCodes.filter((code) => code.startsWith(`IMP-${stamp}`)).sort()).toEqual(codes);
});
