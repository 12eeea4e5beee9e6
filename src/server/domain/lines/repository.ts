import { and, eq, inArray, isNull, type SQL, sql } from "drizzle-orm";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Executor } from "../../db/database";
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

export function visible(scope: ShipmentScope, ...more: (SQL | undefined)[]) {
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

/** The columns the lists show, with the client, truck, status and reason. */
export const viewColumns = {
  shipment: shipments,
  client: { id: clients.id, description: clients.description },
  shipper: { id: shippers.id, name: shippers.name, phone: shippers.phone, plate: shippers.plate },
  status: { id: statuses.id, description: statuses.description, color: statuses.color },
  reason: { id: reasons.id, code: reasons.code, name: reasons.name },
  carrierBooking: carrierBookings.state,
};

/**
 * The line's live carrier booking (confirmed or to_confirm; at most one per line, the unique
 * partial index carrier_bookings_live_line_key), as the day board tells carrier-booked lines.
 */
export const liveCarrierBooking = and(
  eq(carrierBookings.shipmentId, shipments.id),
  inArray(carrierBookings.state, ["confirmed", "to_confirm"]),
);

export function selectViews(db: Executor) {
  return db
    .select(viewColumns)
    .from(shipments)
    .innerJoin(statuses, eq(statuses.id, shipments.statusId))
    .leftJoin(clients, eq(clients.id, shipments.clientId))
    .leftJoin(shippers, eq(shippers.id, shipments.shipperId))
    .leftJoin(reasons, eq(reasons.id, shipments.reasonId))
    .leftJoin(carrierBookings, liveCarrierBooking);
}

/** One visible line (of the type, when given). */
export async function findShipment(
  db: Executor,
  scope: ShipmentScope,
  id: number,
  type?: ShipmentType,
): Promise<ShipmentView | undefined> {
  const [row] = await selectViews(db).where(
    visible(scope, eq(shipments.id, id), type ? eq(shipments.type, type) : undefined),
  );
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
  v_client_id: number | null;
  v_client_description: string;
  v_shipper_id: number | null;
  v_shipper_name: string;
  v_shipper_phone: string | null;
  v_shipper_plate: string;
  v_status_id: number;
  v_status_description: string;
  v_status_color: string;
  v_reason_id: number | null;
  v_reason_code: string;
  v_reason_name: string;
  v_carrier_booking: CarrierBookingRow["state"] | null;
};

/**
 * The select of lines as the lists show them over `source` (the shipments table, or rows a
 * statement just wrote, named "shipments": `updated as shipments`), its rows decoded by
 * decodeViews. The change feed reads thousands at a time (a catch-up, domain/changes): the
 * rows are decoded column by column, not by Drizzle's nested-select mapping, which tests each
 * of the 50 fields' kind on every row (a third of the server's CPU per catch-up once the answer
 * check was gone, issue 30). The truck is looked up per line (a lateral LIMIT 1 the planner
 * cannot flatten): joined, a page of 1,000 lines hashed all 50,000 trucks of the company first
 * (80 -> 25 ms a page).
 */
export function viewsOf(source: SQL, where: SQL | undefined): SQL {
  return sql`select ${shipments}.*,
      ${clients.id} as v_client_id, ${clients.description} as v_client_description,
      ${shippers.id} as v_shipper_id, ${shippers.name} as v_shipper_name,
      ${shippers.phone} as v_shipper_phone, ${shippers.plate} as v_shipper_plate,
      ${statuses.id} as v_status_id, ${statuses.description} as v_status_description,
      ${statuses.color} as v_status_color, ${reasons.id} as v_reason_id,
      ${reasons.code} as v_reason_code, ${reasons.name} as v_reason_name,
      ${carrierBookings.state} as v_carrier_booking
    from ${source}
    join ${statuses} on ${statuses.id} = ${shipments.statusId}
    left join ${clients} on ${clients.id} = ${shipments.clientId}
    left join lateral (select ${shippers.id}, ${shippers.name}, ${shippers.phone}, ${shippers.plate}
      from ${shippers} where ${shippers.id} = ${shipments.shipperId} limit 1) as ${shippers} on true
    left join ${reasons} on ${reasons.id} = ${shipments.reasonId}
    left join ${carrierBookings} on ${liveCarrierBooking}
    where ${where ?? sql`true`}`;
}

/** Rows of viewsOf as ShipmentViews. */
export function decodeViews(rows: readonly ViewRow[]): ShipmentView[] {
  return rows.map((raw) => ({
    shipment: shipmentOf(raw),
    client:
      raw.v_client_id === null
        ? null
        : { id: raw.v_client_id, description: raw.v_client_description },
    shipper:
      raw.v_shipper_id === null
        ? null
        : {
            id: raw.v_shipper_id,
            name: raw.v_shipper_name,
            phone: raw.v_shipper_phone,
            plate: raw.v_shipper_plate,
          },
    status: {
      id: raw.v_status_id,
      description: raw.v_status_description,
      color: raw.v_status_color,
    },
    reason:
      raw.v_reason_id === null
        ? null
        : { id: raw.v_reason_id, code: raw.v_reason_code, name: raw.v_reason_name },
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
