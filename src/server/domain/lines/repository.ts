import { and, eq, inArray, isNull, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Executor } from "../../db/database";
import { preparedPerShape } from "../../db/prepared-per-shape";
import { rowsMappedOnce } from "../../db/rows-mapped-once";
import { type CarrierBookingRow, carrierBookings } from "../../db/schema/carrier-bookings";
import { clients } from "../../db/schema/clients";
import { reasons, type ShipmentRow, shipments, statuses } from "../../db/schema/shipments";
import { shippers } from "../../db/schema/shippers";

/**
 * Reading a line (an expedition or reception) as the lists show it: the SQL every resource
 * that works on lines shares (shipments, documents, check-in, the change feed).
 */

/**
 * What a caller may see: the lines of one company that are not deleted and, for a user
 * limited to some clients (client role), only the lines of those clients. A line outside the
 * scope does not exist (404).
 */
export interface ShipmentScope {
  companyId: number;
  /** Empty: not limited. */
  clientIds: readonly number[];
}

export function visible(
  scope: { companyId: number | Placeholder; clientIds: readonly (number | Placeholder)[] },
  ...more: (SQL | undefined)[]
) {
  return and(
    eq(shipments.companyId, scope.companyId),
    isNull(shipments.deletedAt),
    scope.clientIds.length > 0 ? inArray(shipments.clientId, [...scope.clientIds]) : undefined,
    ...more,
  );
}

export interface ShipmentView {
  shipment: ShipmentRow;
  client: { id: number; description: string } | null;
  shipper: { id: number; name: string; phone: string | null; plate: string } | null;
  status: { id: number; description: string; color: string };
  reason: { id: number; code: string; name: string } | null;
  /** The state of the line's live carrier booking (issue 29), null when no carrier booked it. */
  carrierBooking: CarrierBookingRow["state"] | null;
}

/**
 * The line's live carrier booking (confirmed or to_confirm; at most one per line, the unique
 * partial index carrier_bookings_live_line_key), as the day board tells carrier-booked lines.
 */
export const liveCarrierBooking = and(
  eq(carrierBookings.shipmentId, shipments.id),
  inArray(carrierBookings.state, ["confirmed", "to_confirm"]),
);

/** A JSON object from a scalar subquery, null when none (json arrives parsed or as text). */
const jsonOf = <T>(value: unknown) => (typeof value === "string" ? JSON.parse(value) : value) as T;

function lookup<T>(query: SQL) {
  return sql`(select ${query})`.mapWith((value: unknown) => jsonOf<T>(value));
}

/**
 * What a line shows besides its own columns, each looked up by a scalar subquery over the
 * line's row (named "shipments"), not joined: every list, feed and write statement that reads
 * lines carried a join of six relations whose order PostgreSQL searched on every call (1.7-2.2
 * ms of planning against 0.3 ms of running a list page; a third of a feed pull's planning,
 * issue 30); the lookups plan in a fraction of it. Each finds at most one row (primary keys;
 * the unique partial index carrier_bookings_live_line_key), and a line always has a status
 * (not null, foreign key), so the answers are those of the joins.
 */
export const viewLookups = {
  status: lookup<ShipmentView["status"]>(
    sql`json_build_object('id', ${statuses.id}, 'description', ${statuses.description},
      'color', ${statuses.color}) from ${statuses} where ${statuses.id} = ${shipments.statusId}`,
  ),
  client: lookup<ShipmentView["client"]>(
    sql`json_build_object('id', ${clients.id}, 'description', ${clients.description})
      from ${clients} where ${clients.id} = ${shipments.clientId}`,
  ),
  shipper: lookup<ShipmentView["shipper"]>(
    sql`json_build_object('id', ${shippers.id}, 'name', ${shippers.name},
      'phone', ${shippers.phone}, 'plate', ${shippers.plate})
      from ${shippers} where ${shippers.id} = ${shipments.shipperId}`,
  ),
  reason: lookup<ShipmentView["reason"]>(
    sql`json_build_object('id', ${reasons.id}, 'code', ${reasons.code}, 'name', ${reasons.name})
      from ${reasons} where ${reasons.id} = ${shipments.reasonId}`,
  ),
  carrierBooking: sql<ShipmentView["carrierBooking"]>`(select ${carrierBookings.state}
    from ${carrierBookings} where ${liveCarrierBooking})`,
};

/** Lines as the lists show them: add `.where(...)` (shipments' columns), order and paging. */
export function selectViews(db: Executor) {
  return db.select({ shipment: shipments, ...viewLookups }).from(shipments);
}

/**
 * findShipment's statement per shape (a type given or not, how many clients limit the scope),
 * prepared once: every write reads its line first, and building this select cost more than
 * running it (issue 30, the load bench's writes).
 */
const findStatementOf = preparedPerShape<{
  execute(values: Record<string, unknown>): Promise<ShipmentView[]>;
}>("find_shipment");

function buildFind(db: Executor, typed: boolean, clients: number, name: string) {
  const clientIds = Array.from({ length: clients }, (_, index) => sql.placeholder(`c${index}`));
  return rowsMappedOnce(
    selectViews(db)
      .where(
        visible(
          { companyId: sql.placeholder("company"), clientIds },
          eq(shipments.id, sql.placeholder("id")),
          typed ? eq(shipments.type, sql.placeholder("type")) : undefined,
        ),
      )
      .prepare(name),
  );
}

/** One visible line (of the type, when given). */
export async function findShipment(
  db: Executor,
  scope: ShipmentScope,
  id: number,
  type?: ShipmentType,
): Promise<ShipmentView | undefined> {
  const clients = scope.clientIds.length;
  const statement = findStatementOf(db, `${type ? "typed" : "any"}|${clients}`, (name) =>
    buildFind(db, type !== undefined, clients, name),
  );
  if (!statement) {
    const [row] = await selectViews(db).where(
      visible(scope, eq(shipments.id, id), type ? eq(shipments.type, type) : undefined),
    );
    return row;
  }
  const values: Record<string, unknown> = { company: scope.companyId, id, type };
  scope.clientIds.forEach((clientId, index) => {
    values[`c${index}`] = clientId;
  });
  const [row] = await statement.execute(values);
  return row;
}

/** The visible lines among `ids` (any type; order not defined). */
export async function findShipmentsById(
  db: Executor,
  scope: ShipmentScope,
  ids: readonly number[],
): Promise<ShipmentView[]> {
  if (ids.length === 0) return [];
  return selectViews(db).where(visible(scope, inArray(shipments.id, [...ids])));
}

/** A timestamptz as the driver returns it: text from node-postgres, a Date from PGlite. */
type Instant = string | Date;
const instant = (value: Instant): Date => (typeof value === "string" ? new Date(value) : value);
const maybeInstant = (value: Instant | null): Date | null =>
  value === null ? null : instant(value);

/** A shipments row as the driver returns it: column names, values not yet decoded. */
interface RawShipment {
  id: number;
  uid: string;
  company_id: number;
  type: number;
  code: string;
  booked_date: Instant;
  action_date: Instant | null;
  arrival_date: Instant | null;
  departure_date: Instant | null;
  client_id: number | null;
  place: string;
  client_notes: string;
  company_notes: string;
  road: string;
  road_number: string;
  packages: number | null;
  shipper_id: number | null;
  shared_id: string;
  info_shipper: string;
  pallet_notes: string;
  route_plate: string;
  urgent: boolean;
  status_id: number;
  reason_id: number | null;
  own_truck: boolean;
  groupage: boolean;
  warehouse: string;
  dock: string;
  /** numeric: text from either driver. */
  weight: string | number | null;
  packing_list: boolean;
  rrule_str: string | null;
  load_empty: ShipmentRow["loadEmpty"];
  load_type: ShipmentRow["loadType"];
  user_id: number | null;
  version: number;
  created_at: Instant;
  updated_at: Instant;
  deleted_at: Instant | null;
  /** Stored by the database (migration 0027): float8, a number from either driver. */
  dwell_minutes: number | null;
}

/**
 * A shipments row decoded as Drizzle decodes it, written out field by field: one object of a
 * fixed shape, where copying the columns in a loop by name (keyed stores into an empty object)
 * cost 9 ms per 1,000 lines of a catch-up (issue 30). A column added to the table is a type
 * error here until it is decoded.
 */
function shipmentOf(raw: RawShipment): ShipmentRow {
  return {
    id: raw.id,
    uid: raw.uid,
    companyId: raw.company_id,
    type: raw.type,
    code: raw.code,
    bookedDate: instant(raw.booked_date),
    actionDate: maybeInstant(raw.action_date),
    arrivalDate: maybeInstant(raw.arrival_date),
    departureDate: maybeInstant(raw.departure_date),
    clientId: raw.client_id,
    place: raw.place,
    clientNotes: raw.client_notes,
    companyNotes: raw.company_notes,
    road: raw.road,
    roadNumber: raw.road_number,
    packages: raw.packages,
    shipperId: raw.shipper_id,
    sharedId: raw.shared_id,
    infoShipper: raw.info_shipper,
    palletNotes: raw.pallet_notes,
    routePlate: raw.route_plate,
    urgent: raw.urgent,
    statusId: raw.status_id,
    reasonId: raw.reason_id,
    ownTruck: raw.own_truck,
    groupage: raw.groupage,
    warehouse: raw.warehouse,
    dock: raw.dock,
    weight: raw.weight === null ? null : Number(raw.weight),
    packingList: raw.packing_list,
    rruleStr: raw.rrule_str,
    loadEmpty: raw.load_empty,
    loadType: raw.load_type,
    userId: raw.user_id,
    version: raw.version,
    createdAt: instant(raw.created_at),
    updatedAt: instant(raw.updated_at),
    deletedAt: maybeInstant(raw.deleted_at),
    dwellMinutes: raw.dwell_minutes,
  };
}

export type ViewRow = RawShipment & {
  v_status: ShipmentView["status"] | string;
  v_client: ShipmentView["client"] | string;
  v_shipper: ShipmentView["shipper"] | string;
  v_reason: ShipmentView["reason"] | string;
  v_carrier_booking: CarrierBookingRow["state"] | null;
};

/**
 * The select of lines as the lists show them over `source` (the shipments table, or rows a
 * statement just wrote, named "shipments": `updated as shipments`), its rows decoded by
 * decodeViews, with the same lookups as selectViews (viewLookups). The change feed reads
 * thousands at a time (a catch-up, domain/changes): the rows are decoded column by column, not
 * by Drizzle's nested-select mapping, which tests each of the 50 fields' kind on every row (a
 * third of the server's CPU per catch-up once the answer check was gone, issue 30).
 */
export function viewsOf(source: SQL, where: SQL | undefined): SQL {
  return sql`select ${shipments}.*,
      ${viewLookups.status} as v_status, ${viewLookups.client} as v_client,
      ${viewLookups.shipper} as v_shipper, ${viewLookups.reason} as v_reason,
      ${viewLookups.carrierBooking} as v_carrier_booking
    from ${source}
    where ${where ?? sql`true`}`;
}

/** Rows of viewsOf as ShipmentViews. */
export function decodeViews(rows: readonly ViewRow[]): ShipmentView[] {
  return rows.map((raw) => ({
    shipment: shipmentOf(raw),
    client: jsonOf(raw.v_client),
    shipper: jsonOf(raw.v_shipper),
    status: jsonOf(raw.v_status),
    reason: jsonOf(raw.v_reason),
    carrierBooking: raw.v_carrier_booking,
  }));
}

/** A live line's booked date and truck, whoever may see it (the gate's truck picker). */
export async function findLineSlot(
  db: Executor,
  companyId: number,
  id: number,
): Promise<{ bookedDate: Date; shipperId: number | null } | undefined> {
  const [line] = await db
    .select({ bookedDate: shipments.bookedDate, shipperId: shipments.shipperId })
    .from(shipments)
    .where(
      and(eq(shipments.companyId, companyId), eq(shipments.id, id), isNull(shipments.deletedAt)),
    );
  return line;
}
