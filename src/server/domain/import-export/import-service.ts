import { SHIPMENT_TYPE } from "../../../shared/constants";
import type {
  ImportPreview,
  ImportRowOutcome,
  ImportType,
} from "../../../shared/contract/import-export";
import { writeInstant } from "../../../shared/contract/shipments-write";
import type { AuthContext } from "../../auth/context";
import type { Db, Executor } from "../../db/database";
import { ApiError, type FieldCodes } from "../../errors";
import { listClients } from "../clients/repository";
import { clientScopeOf } from "../clients/service";
import { bookingPlan, holdsLockdowns, refuseBooking } from "../scheduling/booking";
import { findSchedule } from "../scheduling/repository";
import { findShipmentsByUid } from "../shipments/write-repository";
import { insertPreparedIn, prepareCreate } from "../shipments/write-service";
import { columnsOfHeaders, normalizedHeader } from "./columns";
import { importedLineUid } from "./line-uid";
import { readSheet, textOf } from "./read-sheet";
import { sheetRefusal } from "./refusals";
import { type ClientLookup, rowValues } from "./row-values";

/** A row ready to be checked and written: its uid, create body and the cells' refusals. */
export interface PlannedRow {
  row: number;
  uid: string;
  body: Record<string, unknown>;
  codes: FieldCodes;
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const ROLLBACK = Symbol("preview rollback");

/** The user's clients by id and by name (names compared as headers are). */
async function clientLookup(db: Executor, auth: AuthContext): Promise<ClientLookup> {
  const { rows } = await listClients(db, clientScopeOf(auth), { limit: 100_000, offset: 0 });
  const ids = new Set(rows.map((client) => client.id));
  const byName = new Map<string, number[]>();
  for (const client of rows) {
    const name = normalizedHeader(client.description);
    byName.set(name, [...(byName.get(name) ?? []), client.id]);
  }
  return (text) => {
    const named = byName.get(normalizedHeader(text)) ?? [];
    if (named.length === 1) return named[0] as number;
    if (named.length > 1) return "ambiguous";
    return /^\d+$/.test(text) && ids.has(Number(text)) ? Number(text) : "unknown";
  };
}

function outcomeOf(
  row: PlannedRow,
  outcome: ImportRowOutcome["outcome"],
  id: number | null,
  codes: FieldCodes = {},
): ImportRowOutcome {
  return { row: row.row, uid: row.uid, outcome, id, field_codes: codes };
}

/** Why a write was refused, by field (an error without fields is put on the row's uid). */
function refusalCodes(error: ApiError): FieldCodes {
  if (error.fieldCodes && Object.keys(error.fieldCodes).length > 0) return error.fieldCodes;
  return { uid: [{ code: error.statusCode === 404 ? "not_unique" : "invalid" }] };
}

/**
 * Checks and writes rows in one transaction, in order, as the form's create would: each row
 * its permissions, save rules and lookups, the dock's capacity and restricted dates counting
 * the earlier rows (one booking plan for all), once under its uid.
 */
async function writeRows(
  tx: Executor,
  auth: AuthContext,
  type: ImportType,
  rows: readonly PlannedRow[],
): Promise<ImportRowOutcome[]> {
  const shipmentType = SHIPMENT_TYPE[type];
  const instants = rows.flatMap((row) =>
    typeof row.body.booked_date === "string" ? [writeInstant(row.body.booked_date)] : [],
  );
  const times = instants.map((instant) => instant.getTime());
  const plan =
    instants.length === 0
      ? undefined
      : await bookingPlan(
          tx,
          { companyId: auth.company.id, type: shipmentType, lockdowns: holdsLockdowns(auth) },
          new Date(Math.min(...times)),
          new Date(Math.max(...times)),
        );
  const known = await findShipmentsByUid(
    tx,
    auth.company.id,
    rows.map((row) => row.uid),
  );
  const outcomes: ImportRowOutcome[] = [];
  for (const row of rows) {
    if (Object.keys(row.codes).length > 0) {
      outcomes.push(outcomeOf(row, "refused", null, row.codes));
      continue;
    }
    const existing = known.get(row.uid);
    if (existing) {
      // The uid names a line of the other type, or one deleted since: never created again.
      const usable = existing.type === shipmentType && !existing.deleted;
      outcomes.push(
        usable
          ? outcomeOf(row, "existing", existing.id)
          : outcomeOf(row, "refused", null, { uid: [{ code: "not_unique" }] }),
      );
      continue;
    }
    try {
      // Checks first (they write nothing), then the insert: no savepoint is needed.
      const prepared = await prepareCreate(tx, auth, shipmentType, row.body);
      const booked = writeInstant(String(row.body.booked_date));
      const problem = plan?.problem(booked);
      if (problem) refuseBooking(problem);
      const id = await insertPreparedIn(tx, auth, shipmentType, row.body, prepared, row.uid);
      if (id === undefined) outcomes.push(outcomeOf(row, "existing", null));
      else {
        plan?.book(booked);
        outcomes.push(outcomeOf(row, "created", id));
      }
    } catch (error) {
      if (!(error instanceof ApiError)) throw error;
      outcomes.push(outcomeOf(row, "refused", null, refusalCodes(error)));
    }
  }
  return outcomes;
}

/** Writes rows of a preview (the client's chunk), checked again: nothing of the client is trusted. */
export async function importRows(
  db: Db,
  auth: AuthContext,
  type: ImportType,
  rows: readonly { row: number; uid: string; values: Record<string, unknown> }[],
): Promise<ImportRowOutcome[]> {
  return db.transaction((tx) =>
    writeRows(
      tx,
      auth,
      type,
      rows.map((row) => ({ row: row.row, uid: row.uid, body: row.values, codes: {} })),
    ),
  );
}

/** Reads an uploaded sheet and checks every row as an import would, writing nothing. */
export async function previewImport(
  db: Db,
  auth: AuthContext,
  type: ImportType,
  bytes: Buffer,
): Promise<ImportPreview> {
  const sheet = await readSheet(bytes);
  if (sheet.rows.length === 0) throw sheetRefusal("empty");
  const columns = columnsOfHeaders(sheet.headers);
  const uidColumn = columns.indexOf("uid");
  const { timeZone } = await findSchedule(db, auth.company.id);
  const lookup = await clientLookup(db, auth);
  const seen = new Set<string>();
  const read = sheet.rows.map(({ row, cells }) => {
    const values = rowValues(type, columns, cells, timeZone, lookup);
    const uidCell = uidColumn < 0 ? "" : textOf(cells[uidColumn] ?? null);
    if (uidCell && !UUID.test(uidCell)) values.codes.uid = [{ code: "invalid" }];
    const uid =
      uidCell && UUID.test(uidCell)
        ? uidCell.toLowerCase()
        : importedLineUid([
            auth.company.id,
            type,
            String(values.body.code ?? ""),
            String(values.body.booked_date ?? values.cells.booked_date ?? ""),
          ]);
    // The same delivery note and hour twice in one file: the second is the same line.
    if (seen.has(uid)) values.codes.code ??= [{ code: "not_unique" }];
    seen.add(uid);
    return { planned: { row, uid, body: values.body, codes: values.codes }, cells: values.cells };
  });
  let outcomes: ImportRowOutcome[] = [];
  try {
    await db.transaction(async (tx) => {
      outcomes = await writeRows(
        tx,
        auth,
        type,
        read.map((item) => item.planned),
      );
      throw ROLLBACK;
    });
  } catch (error) {
    if (error !== ROLLBACK) throw error;
  }
  return {
    columns: columns.filter((column) => column !== undefined),
    ignored_headers: sheet.headers.filter((header, index) => header && !columns[index]),
    rows: read.map(({ planned, cells }, index) => {
      const outcome = outcomes[index];
      const codes = outcome?.field_codes ?? planned.codes;
      const importable = Object.keys(codes).length === 0;
      return {
        row: planned.row,
        uid: planned.uid,
        cells,
        values: importable ? planned.body : null,
        field_codes: codes,
        existing: outcome?.outcome === "existing",
      };
    }),
  };
}
