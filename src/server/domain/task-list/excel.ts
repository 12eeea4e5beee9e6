import ExcelJS from "exceljs";
import type { ServerTexts } from "../../texts/types";
import { userLabel } from "./presenter";
import type { TaskLineView } from "./repository";

/**
 * The task list as one .xlsx sheet: a header row, one row per line (the day as a date cell,
 * hours and parts as numbers), and a totals row (SUM formulas with their cached results, so
 * a reader that does not recalculate still sees the figures). Headers and sheet name in the
 * user's language; numbers stay number cells, which Excel shows with the reader's own decimal
 * separator.
 */
const COLUMNS = [
  { key: "date", width: 12, style: { numFmt: "dd/mm/yyyy" } },
  { key: "user", width: 22 },
  { key: "task", width: 22 },
  { key: "description", width: 26 },
  { key: "client", width: 22 },
  { key: "reference", width: 16 },
  { key: "tag", width: 14 },
  { key: "hours", width: 10, style: { numFmt: "0.00" } },
  { key: "reviewed", width: 14 },
  { key: "right", width: 12 },
  { key: "reworked", width: 14 },
  { key: "nok", width: 11 },
  { key: "observations", width: 40 },
] as const;

/** Keys of the columns that get a total. */
const SUMMED = ["hours", "reviewed", "right", "reworked", "nok"] as const;

function dayOf(value: string): Date {
  const [year, month, day] = value.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day));
}

export async function taskLinesWorkbook(
  rows: TaskLineView[],
  texts: ServerTexts["taskListExcel"],
): Promise<Buffer> {
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Yardline";
  const sheet = workbook.addWorksheet(texts.sheet, { views: [{ state: "frozen", ySplit: 1 }] });
  sheet.columns = COLUMNS.map((column) => ({ ...column, header: texts[column.key] }));
  sheet.getRow(1).font = { bold: true };
  for (const row of rows) {
    sheet.addRow({
      date: dayOf(row.date),
      user: userLabel(row),
      task: row.worksheetName,
      description: row.descriptionName,
      client: row.clientDescription ?? "",
      reference: row.reference,
      tag: row.tagNumber,
      hours: Number(row.timeHours),
      reviewed: row.reviewedParts,
      right: row.rightParts,
      reworked: row.reworkedParts,
      nok: row.nokParts,
      observations: row.observations,
    });
  }
  const sums = {
    hours: 0,
    reviewed: 0,
    right: 0,
    reworked: 0,
    nok: 0,
  } satisfies Record<(typeof SUMMED)[number], number>;
  for (const row of rows) {
    sums.hours += Number(row.timeHours);
    sums.reviewed += row.reviewedParts ?? 0;
    sums.right += row.rightParts ?? 0;
    sums.reworked += row.reworkedParts ?? 0;
    sums.nok += row.nokParts ?? 0;
  }
  const last = rows.length + 1;
  const totals = sheet.addRow({ date: null, user: texts.total });
  for (const key of SUMMED) {
    const column = sheet.getColumn(key);
    const letter = column.letter;
    const result = key === "hours" ? Math.round(sums.hours * 100) / 100 : sums[key];
    totals.getCell(key).value =
      rows.length === 0 ? 0 : { formula: `SUM(${letter}2:${letter}${last})`, result };
  }
  totals.font = { bold: true };
  const buffer = await workbook.xlsx.writeBuffer();
  return Buffer.from(buffer);
}
