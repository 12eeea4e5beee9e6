import { SHIPMENT_TYPE } from "../../../shared/constants";
import type {
  Expedition,
  HistoryEntry,
  Reception,
  Shipment,
} from "../../../shared/contract/shipments";
import { timingClass } from "../../../shared/shipment-timing";
import type { ShipmentView } from "../lines/repository";
import type { HistoryView } from "./repository";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A line as the API answers it; `now` decides its timing class. */
export function presentShipment(view: ShipmentView, now: Date): Shipment {
  const row = view.shipment;
  const common = {
    id: row.id,
    uid: row.uid,
    company: row.companyId,
    code: row.code,
    booked_date: row.bookedDate.toISOString(),
    action_date: iso(row.actionDate),
    arrival_date: iso(row.arrivalDate),
    client: view.client,
    client_notes: row.clientNotes,
    company_notes: row.companyNotes,
    road: row.road,
    road_number: row.roadNumber,
    packages: row.packages,
    shipper: view.shipper,
    shared_id: row.sharedId,
    info_shipper: row.infoShipper,
    pallet_notes: row.palletNotes,
    route_plate: row.routePlate,
    urgent: row.urgent,
    status: view.status,
    reason: view.reason,
    own_truck: row.ownTruck,
    groupage: row.groupage,
    warehouse: row.warehouse,
    dock: row.dock,
    weight: row.weight,
    packing_list: row.packingList,
    rrule_str: row.rruleStr,
    user: row.userId,
    carrier_booking:
      view.carrierBooking === "confirmed" || view.carrierBooking === "to_confirm"
        ? view.carrierBooking
        : null,
    timing: timingClass({ booked_date: row.bookedDate, arrival_date: row.arrivalDate }, now),
    version: row.version,
    created: row.createdAt.toISOString(),
    updated: row.updatedAt.toISOString(),
  };
  // Object.assign, not a spread ({ ...common, type }): V8 clones this 36-key object on a slow
  // path, 40 us a line, four times the rest of the presenter; a catch-up presents 10,000 lines
  // and every list page goes through here (issue 30).
  if (row.type === SHIPMENT_TYPE.expedition) {
    return Object.assign(common, { type: SHIPMENT_TYPE.expedition, destination: row.place });
  }
  return Object.assign(common, {
    type: SHIPMENT_TYPE.reception,
    origin: row.place,
    load_empty: row.loadEmpty,
    load_type: row.loadType,
  });
}

export function presentExpedition(view: ShipmentView, now: Date): Expedition {
  const line = presentShipment(view, now);
  if (line.type !== SHIPMENT_TYPE.expedition) throw new Error(`line ${line.id} is a reception`);
  return line;
}

export function presentReception(view: ShipmentView, now: Date): Reception {
  const line = presentShipment(view, now);
  if (line.type !== SHIPMENT_TYPE.reception) throw new Error(`line ${line.id} is an expedition`);
  return line;
}

export function presentHistory(view: HistoryView): HistoryEntry {
  return {
    id: view.entry.id,
    shipment: view.entry.shipmentId,
    created: view.entry.created.toISOString(),
    user: view.user && {
      id: view.user.id,
      username: view.user.username,
      first_name: view.user.firstName,
      last_name: view.user.lastName,
    },
    status: view.status,
    reason: view.reason,
    modified_fields: view.entry.modifiedFields,
  };
}
