import ExcelJS from "exceljs";
import { DateTime } from "luxon";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import {
  columnsOf,
  EXPORT_MAX_ROWS,
  type ExportQuery,
  type ImportType,
  type LineColumn,
} from "../../../shared/contract/import-export";
import type { Shipment } from "../../../shared/contract/shipments";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import type { ServerTexts } from "../../texts/types";
import { scopeOf } from "../lines/access";
import { findSchedule } from "../scheduling/repository";
import { dayBounds } from "../scheduling/slots";
import { presentShipment } from "../shipments/presenter";
import { listShipments } from "../shipments/repository";

const WIDTHS: Partial<Record<LineColumn, number>> = {
  uid: 38,
  booked_date: 18,
  action_date: 18,
  client: 24,
  destination: 24,
  origin: 24,
  client_notes: 30,
  company_notes: 30,
  pallet_notes: 30,
};
const DATE_FORMAT = "dd/mm/yyyy hh:mm";

/** A date cell showing the yard's wall clock (an .xlsx date has no zone). */
function wallClock(value: string | null, zone: string): Date | null {
  if (!value) return null;
  const local = DateTime.fromISO(value, { zone });
  return new Date(Date.UTC(local.year, local.month - 1, local.day, local.hour, local.minute));
}

function cellOf(line: Shipment, column: LineColumn, zone: string): unknown {
  switch (column) {
    case "booked_date":
    case "action_date":
      return wallClock(line[column], zone);
    case "client":
      return line.client?.description ?? "";
    case "destination":
    case "origin":
      return (line as Record<string, unknown>)[column] ?? "";
    default:
      return line[column] ?? "";
  }
}

/**
 * The lines of `type` booked from `query.from` to `query.to` (yard days) as an .xlsx in the
 * import's own columns, headers in the user's language: an exported file imports back as is
 * (each row keeps its uid, so importing it creates nothing twice).
 */
export async function exportWorkbook(
  db: Db,
  auth: AuthContext,
  type: ImportType,
  query: ExportQuery,
  texts: ServerTexts["lineSheet"],
): Promise<Buffer> {
  const { timeZone } = await findSchedule(db, auth.company.id);
  const { count, rows } = await listShipments(db, scopeOf(auth), {
    type: SHIPMENT_TYPE[type],
    bookedFrom: dayBounds(query.from, timeZone).from,
    bookedUntil: dayBounds(query.to, timeZone).until,
    limit: EXPORT_MAX_ROWS,
    offset: 0,
  });
  if (count > EXPORT_MAX_ROWS) {
    throw errors.badRequest(`More than ${EXPORT_MAX_ROWS} lines: narrow the dates`);
  }
  const workbook = new ExcelJS.Workbook();
  workbook.creator = "Yardline";
  const sheet = workbook.addWorksheet(texts[type], { views: [{ state: "frozen", ySplit: 1 }] });
  const columns = columnsOf(type);
  sheet.columns = columns.map((column) => ({
    key: column,
    header: texts.columns[column],
    width: WIDTHS[column] ?? 14,
    ...(column.endsWith("_date") ? { style: { numFmt: DATE_FORMAT } } : {}),
  }));
  sheet.getRow(1).font = { bold: true };
  const now = new Date();
  for (const row of rows) {
    const line = presentShipment(row, now);
    sheet.addRow(
      Object.fromEntries(columns.map((column) => [column, cellOf(line, column, timeZone)])),
    );
  }
  return Buffer.from(await workbook.xlsx.writeBuffer());
}
