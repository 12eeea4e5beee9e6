import type { Reason, ShipmentType, Status } from "../../../shared/contract/status";
import type { ReasonRow, StatusRow } from "./repository";

export function presentStatus(row: StatusRow): Status {
  return {
    id: row.id,
    type: row.type as ShipmentType,
    description: row.description,
    color: row.color,
    ordering: row.ordering,
    incidence: row.incidence,
  };
}

export function presentReason(row: ReasonRow): Reason {
  return {
    id: row.id,
    status: row.statusId,
    code: row.code,
    name: row.name,
    description: row.description,
  };
}
