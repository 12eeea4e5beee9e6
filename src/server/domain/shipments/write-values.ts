import {
  type ShipmentWriteField,
  type ShipmentWriteValues,
  sameWriteValue,
  writeInstant,
} from "../../../shared/contract/shipments-write";
import type { NewShipmentRow } from "../../db/schema/shipments";

/**
 * The write body of the forms in database terms. Fields that need a lookup (client, shipper,
 * status, reason) are resolved by write-service.ts; this module maps the plain ones.
 */
export type ShipmentColumns = Partial<
  Omit<NewShipmentRow, "id" | "companyId" | "type" | "uid" | "version" | "createdAt" | "updatedAt">
>;

/** Body fields stored as they come, with their column. */
const PLAIN_COLUMNS = {
  code: "code",
  client_notes: "clientNotes",
  company_notes: "companyNotes",
  road: "road",
  road_number: "roadNumber",
  packages: "packages",
  shared_id: "sharedId",
  info_shipper: "infoShipper",
  pallet_notes: "palletNotes",
  route_plate: "routePlate",
  urgent: "urgent",
  groupage: "groupage",
  own_truck: "ownTruck",
  warehouse: "warehouse",
  dock: "dock",
  weight: "weight",
  packing_list: "packingList",
  destination: "place",
  origin: "place",
  load_empty: "loadEmpty",
  load_type: "loadType",
} as const satisfies Partial<Record<ShipmentWriteField, keyof ShipmentColumns>>;

/** The columns of the plain fields and dates of `values` (lookups left out). */
export function plainColumns(values: ShipmentWriteValues): ShipmentColumns {
  const columns: Record<string, unknown> = {};
  for (const [field, column] of Object.entries(PLAIN_COLUMNS)) {
    const value = values[field as keyof ShipmentWriteValues];
    if (value !== undefined) columns[column] = value;
  }
  if (values.booked_date !== undefined) columns.bookedDate = writeInstant(values.booked_date);
  if (values.action_date !== undefined) {
    columns.actionDate = values.action_date === null ? null : writeInstant(values.action_date);
  }
  return columns satisfies ShipmentColumns;
}

/** The fields of `body` whose value differs from the line's `current` values. */
export function changedFields(
  current: ShipmentWriteValues,
  body: ShipmentWriteValues,
): ShipmentWriteField[] {
  return (Object.keys(body) as ShipmentWriteField[]).filter((field) => {
    const value = body[field as keyof ShipmentWriteValues];
    return (
      value !== undefined &&
      !sameWriteValue(field, current[field as keyof ShipmentWriteValues], value)
    );
  });
}

/** A date value as the history records it (an ISO instant). */
export function historyValue(field: string, value: unknown): unknown {
  if ((field === "booked_date" || field === "action_date") && typeof value === "string") {
    return writeInstant(value).toISOString();
  }
  return value ?? null;
}
