import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT, SHIPMENT_TYPE } from "../../../../shared/constants";
import type { Shipment } from "../../../../shared/contract/shipments";
import {
  type ShipmentWriteValues,
  writeValuesOf,
} from "../../../../shared/contract/shipments-write";
import type { ShipmentType } from "../../../../shared/contract/status";
import type { ShipmentClient, ShipmentTruck } from "../form-commands-values";

/**
 * What the expedition and reception form holds: the write values (shared contract) plus the
 * client and truck as picked (the list shows their description and plate). Dates are ISO
 * instants with the device's offset; the inputs show them as local date and time.
 */
export interface ShipmentFormState {
  values: ShipmentWriteValues;
  client: ShipmentClient | null;
  shipper: ShipmentTruck | null;
}

export function emptyFormState(type: ShipmentType): ShipmentFormState {
  const common: ShipmentWriteValues = {
    code: "",
    action_date: null,
    client_notes: "",
    company_notes: "",
    road: "",
    road_number: "",
    packages: null,
    shared_id: "",
    info_shipper: "",
    pallet_notes: "",
    route_plate: "",
    urgent: false,
    groupage: false,
    own_truck: false,
    warehouse: "",
    dock: "",
    weight: null,
    packing_list: false,
    reason: null,
  };
  const values: ShipmentWriteValues =
    type === SHIPMENT_TYPE.expedition
      ? { ...common, destination: "" }
      : { ...common, origin: "", load_empty: null, load_type: null };
  return { values, client: null, shipper: null };
}

export function formStateOf(row: Shipment): ShipmentFormState {
  return { values: writeValuesOf(row), client: row.client, shipper: row.shipper };
}

/** The values a save sends: the picks' ids in place of the objects. */
export function valuesToSave(state: ShipmentFormState): ShipmentWriteValues {
  return { ...state.values, client: state.client?.id ?? null, shipper: state.shipper?.id ?? null };
}

const LOCAL_INPUT = "yyyy-LL-dd'T'HH:mm";

/** A datetime-local value as the lists show dates (DD/MM/YYYY HH:mm), "" for none. */
export function displayDate(local: string): string {
  const date = DateTime.fromISO(local);
  return local && date.isValid ? date.toFormat(DATE_DISPLAY_FORMAT) : "";
}

/** An ISO instant as a datetime-local input shows it ("" for none). */
export function toLocalInput(iso: string | null | undefined): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toFormat(LOCAL_INPUT) : "";
}

/** A datetime-local input's value as the API takes it (with the device's offset), or null. */
export function fromLocalInput(local: string): string | null {
  if (!local) return null;
  const date = DateTime.fromFormat(local, LOCAL_INPUT);
  return date.isValid ? date.toISO({ suppressMilliseconds: true }) : null;
}

/** A typed number: "" is none, anything else the number (NaN is left for the check). */
export function numberOrNull(text: string): number | null {
  const trimmed = text.trim().replace(",", ".");
  return trimmed === "" ? null : Number(trimmed);
}
