import { DateTime } from "luxon";
import { SHIPMENT_TYPE } from "../../shared/constants";
import type { Shipment } from "../../shared/contract/shipments";
import type { ShipmentType } from "../../shared/contract/status";
import { normalisePlate } from "../../shared/plate";
import { hidesIssued } from "../../shared/status-rules";
import { db, type ShipmentRow } from "./db";
import { storeListAnswer } from "./list-answer";
import { type ListAnswer, type LocalPage, newerThanMirror, slicePage } from "./page-rules";

/** Resource names of the two lists in page keys and sync times (the API paths). */
export const SHIPMENT_RESOURCE: Record<ShipmentType, string> = {
  [SHIPMENT_TYPE.expedition]: "expedition",
  [SHIPMENT_TYPE.reception]: "reception",
};

/** The expeditions/receptions list filters as the URL keeps them; dates are local ISO days. */
export interface ShipmentListFilters {
  booked_date_after?: string;
  booked_date_before?: string;
  code?: string;
  /** Delivery note, route plate or the truck's plate (the tablet search box). */
  search?: string;
  route_plate?: string;
  info_shipper?: string;
  /** Receptions only. */
  origin?: string;
  client?: number[];
  status?: number[];
  /** Company kl: include status 3 (issued). */
  show_issued?: boolean;
}

/** What the local computation needs besides the filters: the list's type and company rules. */
export interface ShipmentScope {
  type: ShipmentType;
  /** Company code (kl hides issued expeditions unless show_issued). */
  companyCode: string | null;
  /** The name its pages are kept under, when not the type's (the day board keeps its own). */
  resource?: string;
}

const ISSUED = 3;

/** The server's list order: booked_date ascending, then id ascending. */
export function compareShipments(a: ShipmentRow, b: ShipmentRow): number {
  const ta = Date.parse(a.booked_date);
  const tb = Date.parse(b.booked_date);
  if (ta !== tb) return ta - tb;
  return a.id - b.id;
}

const contains = (needle: string | undefined) => {
  const text = needle?.trim().toLocaleLowerCase();
  return text ? (value: string) => value.toLocaleLowerCase().includes(text) : undefined;
};

/** The API's `search`: delivery note or route plate contains it, or a plate contains it normalised. */
function searchMatcher(needle: string | undefined): ((row: ShipmentRow) => boolean) | undefined {
  const text = contains(needle);
  if (!text || needle === undefined) return undefined;
  const plate = contains(normalisePlate(needle)) ?? text;
  return (row) =>
    text(row.code) ||
    text(row.route_plate) ||
    plate(row.route_plate) ||
    (row.shipper !== null && plate(normalisePlate(row.shipper.plate)));
}

/** Compiled filters: the same tests the API applies. */
export function shipmentMatcher(
  scope: ShipmentScope,
  filters: ShipmentListFilters,
): (row: ShipmentRow) => boolean {
  const code = contains(filters.code);
  const search = searchMatcher(filters.search);
  const routePlate = contains(filters.route_plate);
  const infoShipper = contains(filters.info_shipper);
  const origin = scope.type === SHIPMENT_TYPE.reception ? contains(filters.origin) : undefined;
  const clients = filters.client?.length ? new Set(filters.client) : undefined;
  const statuses = filters.status?.length ? new Set(filters.status) : undefined;
  const hideIssued =
    scope.type === SHIPMENT_TYPE.expedition &&
    hidesIssued({ companyCode: scope.companyCode, showIssued: filters.show_issued ?? false }) &&
    !statuses?.has(ISSUED);
  const after = filters.booked_date_after
    ? DateTime.fromISO(filters.booked_date_after).startOf("day")
    : undefined;
  const before = filters.booked_date_before
    ? DateTime.fromISO(filters.booked_date_before).startOf("day").plus({ days: 1 })
    : undefined;
  const from = after?.isValid ? after.toMillis() : undefined;
  const until = before?.isValid ? before.toMillis() : undefined;
  return (row) => {
    if (row.type !== scope.type) return false;
    if (code && !code(row.code)) return false;
    if (search && !search(row)) return false;
    if (routePlate && !routePlate(row.route_plate)) return false;
    if (infoShipper && !infoShipper(row.info_shipper)) return false;
    if (origin && !(row.type === SHIPMENT_TYPE.reception && origin(row.origin))) return false;
    if (clients && !(row.client && clients.has(row.client.id))) return false;
    if (statuses && !statuses.has(row.status.id)) return false;
    if (hideIssued && row.status.id === ISSUED) return false;
    if (from === undefined && until === undefined) return true;
    const time = Date.parse(row.booked_date);
    if (Number.isNaN(time)) return false;
    return (from === undefined || time >= from) && (until === undefined || time < until);
  };
}

function companyRows(company: number, type: ShipmentType): Promise<ShipmentRow[]> {
  return db.shipments.where("[company+type]").equals([company, type]).toArray();
}

async function matchingRows(
  company: number,
  scope: ShipmentScope,
  filters: ShipmentListFilters,
): Promise<ShipmentRow[]> {
  const rows = await companyRows(company, scope.type);
  return rows.filter(shipmentMatcher(scope, filters)).sort(compareShipments);
}

/** The page computed on the device from the mirrored lines (offline). */
export async function readLocalShipmentsPage(
  company: number,
  scope: ShipmentScope,
  filters: ShipmentListFilters,
  page: number,
  pageSize: number,
): Promise<LocalPage<ShipmentRow>> {
  return slicePage(await matchingRows(company, scope, filters), page, pageSize);
}

/** Offline, from the mirror: lines matching `filters`, and those booked before `now`'s minute. */
export async function countMirroredShipmentsDue(
  company: number,
  scope: ShipmentScope,
  filters: ShipmentListFilters,
  now: DateTime,
): Promise<{ total: number; past: number }> {
  const rows = await matchingRows(company, scope, filters);
  const due = now.startOf("minute").toMillis();
  return {
    total: rows.length,
    past: rows.filter((row) => Date.parse(row.booked_date) < due).length,
  };
}

/** A line's label for people (sync issues): its delivery note, else its booked date. */
export function shipmentLabel(code: string | undefined, bookedDate: string): string {
  return code?.trim() || bookedDate.slice(0, 16).replace("T", " ");
}

/**
 * Lines planned on this device and not on the server yet (negative ids) that match the filters,
 * in list order: the list shows them above the server's first page until the server lists them.
 */
export async function readCreatedShipments(
  company: number,
  scope: ShipmentScope,
  filters: ShipmentListFilters,
): Promise<ShipmentRow[]> {
  const rows = await db.shipments.where("id").below(0).toArray();
  const matches = shipmentMatcher(scope, filters);
  return rows.filter((row) => row.company === company && matches(row)).sort(compareShipments);
}

/** Mirrored rows for the ids, in that order; ids no longer mirrored are skipped. */
export async function readShipments(ids: readonly number[]): Promise<ShipmentRow[]> {
  const rows = await db.shipments.bulkGet([...ids]);
  return rows.filter((row): row is ShipmentRow => row !== undefined);
}

/** Writes one list answer into the mirror, in one transaction (rows, gone rows, page, sync). */
export async function writeShipmentsPage(
  company: number,
  scope: ShipmentScope,
  filters: ShipmentListFilters,
  page: number,
  pageSize: number,
  answer: ListAnswer<Shipment>,
  now: number = Date.now(),
): Promise<void> {
  const resource = scope.resource ?? SHIPMENT_RESOURCE[scope.type];
  await storeListAnswer(
    {
      entity: "shipment",
      table: db.shipments,
      // The answer's rows are the company's, of this type.
      rows: () => companyRows(company, scope.type),
      matches: shipmentMatcher(scope, filters),
      compare: compareShipments,
    },
    { company, resource, filters, page, pageSize, now },
    answer,
  );
}

/**
 * Stores one line the API answered with. `force` replaces the mirrored row whatever its
 * version (reverting an optimistic change to the server's current row).
 */
export async function putShipment(row: Shipment, force = false): Promise<void> {
  await db.transaction("rw", db.shipments, async () => {
    const [fresh] = force ? [row] : await newerThanMirror(db.shipments, [row]);
    if (fresh) await db.shipments.put(fresh);
  });
}

export function getMirroredShipment(id: number): Promise<ShipmentRow | undefined> {
  return db.shipments.get(id);
}

/** After the API deleted it. */
export async function removeShipment(id: number): Promise<void> {
  await db.shipments.delete(id);
}

/** Clients seen on the company's mirrored lines (options of the client filter), by name. */
export async function mirroredClients(
  company: number,
  type: ShipmentType,
): Promise<{ id: number; description: string }[]> {
  const rows = await companyRows(company, type);
  const byId = new Map<number, string>();
  for (const row of rows) if (row.client) byId.set(row.client.id, row.client.description);
  return [...byId]
    .map(([id, description]) => ({ id, description }))
    .sort((a, b) => a.description.localeCompare(b.description));
}
