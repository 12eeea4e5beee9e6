import type { IncidenceDetail, LineDetail, TruckDetail } from "../../../shared/contract/bi";
import type {
  IncidenceCount,
  IncidenceDetailRow,
  LineDetailRow,
  TruckDetailRow,
} from "./repository";

/** Raw SQL answers timestamps as Date (pg) or text (some drivers): always ISO here. */
export function isoOf(value: string | Date): string {
  return (value instanceof Date ? value : new Date(value)).toISOString();
}

const statusOf = (row: {
  status_id: number;
  status_description: string;
  status_color: string;
}) => ({
  id: row.status_id,
  description: row.status_description,
  color: row.status_color,
});

const reasonOf = (row: { reason_code: string | null; reason_name: string | null }) =>
  row.reason_code === null ? null : { code: row.reason_code, name: row.reason_name ?? "" };

export function presentIncidenceCount(row: IncidenceCount) {
  return { status: statusOf(row), reason: reasonOf(row), value: row.value };
}

export function presentLineDetail(row: LineDetailRow): LineDetail {
  return {
    id: row.id,
    type: row.type,
    code: row.code,
    booked_date: isoOf(row.booked_date),
    client: row.client,
    truck: row.truck,
    status: statusOf(row),
    reason: reasonOf(row),
  };
}

export function presentIncidenceDetail(row: IncidenceDetailRow): IncidenceDetail {
  return {
    shipment: { id: row.id, code: row.code, type: row.type },
    status: statusOf(row),
    reason: reasonOf(row),
    created: isoOf(row.created),
  };
}

export function presentTruckDetail(row: TruckDetailRow): TruckDetail {
  return { id: row.id, name: row.name, plate: row.plate, register_date: isoOf(row.register_date) };
}
