/** Contract rows for client tests (never imported by the app). */
import { SHIPMENT_TYPE } from "../shared/constants";
import type { CheckInLine } from "../shared/contract/check-in";
import type { Expedition } from "../shared/contract/shipments";
import type { Shipper } from "../shared/contract/trucks";

/** An expedition line as the API answers it (company 7 unless overridden). */
export function expeditionRow(id: number, overrides: Partial<Expedition> = {}): Expedition {
  return {
    id,
    uid: `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`,
    type: SHIPMENT_TYPE.expedition,
    company: 7,
    code: `DN-${id}`,
    booked_date: new Date(Date.UTC(2024, 4, 10, 6 + id)).toISOString(),
    action_date: null,
    arrival_date: null,
    client: { id: id % 2 === 0 ? 1 : 2, description: id % 2 === 0 ? "ACME" : "BETA" },
    client_notes: "",
    company_notes: "",
    road: "",
    road_number: "",
    packages: null,
    shipper: null,
    shared_id: "",
    info_shipper: "",
    pallet_notes: "",
    route_plate: "",
    urgent: false,
    status: { id: 998, description: "in_preparation", color: "#9e9e9e" },
    reason: null,
    carrier_booking: null,
    own_truck: false,
    groupage: false,
    warehouse: "",
    dock: "",
    weight: null,
    packing_list: false,
    rrule_str: null,
    user: null,
    timing: "in_time",
    version: 1,
    created: "2024-05-01T00:00:00Z",
    updated: "2024-05-01T00:00:00Z",
    destination: "Madrid",
    ...overrides,
  };
}

/** A stable UUID for fixture row `id` (trucks carry the client-chosen id of their creation). */
export function uidOf(id: number): string {
  return `00000000-0000-4000-8000-${String(id).padStart(12, "0")}`;
}

/** A truck as the API answers it (company 7). */
export function truckRow(id: number, uid: string = uidOf(id)): Shipper {
  return {
    id,
    uid,
    company: 7,
    plate: `${String(Math.abs(id)).padStart(4, "0")}BCD`,
    name: `TRANSPORTES ${Math.abs(id)}`,
    capacity_load: null,
    phone: null,
    country_code: null,
    register_date: null,
    expedition_date: null,
    version: 1,
  };
}

/** The check-in terminal's line 1 (ALB-1, a load at dock D3 of W1, no truck yet). */
export const CHECK_IN_LINE: CheckInLine = {
  id: 1,
  type: 1,
  code: "ALB-1",
  booked_date: "2030-05-02T10:00:00Z",
  client: null,
  warehouse: "W1",
  dock: "D3",
  truck: null,
  arrival_date: null,
};
