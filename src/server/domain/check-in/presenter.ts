import type { CheckInLine } from "../../../shared/contract/check-in";
import type { ShipmentRow } from "../../db/schema/shipments";

/** A line as the gate lists it for a reference (GET api/check-in/validate). */
export function presentCheckInLine(row: {
  line: ShipmentRow;
  client: CheckInLine["client"];
  truck: string | null;
}): CheckInLine {
  return {
    id: row.line.id,
    type: row.line.type as 1 | 2,
    code: row.line.code,
    booked_date: row.line.bookedDate.toISOString(),
    client: row.client,
    warehouse: row.line.warehouse,
    dock: row.line.dock,
    truck: row.truck,
    arrival_date: row.line.arrivalDate?.toISOString() ?? null,
  };
}
