import type { Shipment } from "../../../shared/contract/shipments";
import type { ShipmentWriteValues } from "../../../shared/contract/shipments-write";
import { REASONS, statusById } from "../../../shared/contract/status";

/** A line's client and truck as the lists show them. */
export type ShipmentClient = NonNullable<Shipment["client"]>;
export type ShipmentTruck = NonNullable<Shipment["shipper"]>;

/** The client and truck the form picked, as the line shows them (the body has their ids). */
export interface ShipmentPicks {
  client?: ShipmentClient | null;
  shipper?: ShipmentTruck | null;
}

/** Offsets as the write contract reads them: none means UTC. */
const HAS_OFFSET = /(Z|[+-]\d{2}:\d{2})$/;

/** A write date (YYYY-MM-DDTHH:mm[:ss], optional offset) as the API answers it (UTC ISO). */
export function instantOf(value: string | null | undefined): string | null {
  if (!value) return null;
  const time = Date.parse(HAS_OFFSET.test(value) ? value : `${value}Z`);
  return Number.isNaN(time) ? null : new Date(time).toISOString();
}

function clientOf(id: number, picks: ShipmentPicks, row: Shipment | null): ShipmentClient {
  if (picks.client?.id === id) return picks.client;
  if (row?.client?.id === id) return row.client;
  return { id, description: "" };
}

function truckOf(id: number, picks: ShipmentPicks, row: Shipment | null): ShipmentTruck {
  if (picks.shipper?.id === id) return picks.shipper;
  if (row?.shipper?.id === id) return row.shipper;
  return { id, name: "", phone: null, plate: "" };
}

/**
 * Write-body values as the line shows them (the optimistic row): client and truck from the
 * form's picks (else the row's), status and reason from the shared catalogue, dates as UTC
 * instants. Only the fields present in `values`.
 */
export function rowValuesOf(
  values: ShipmentWriteValues,
  picks: ShipmentPicks,
  row: Shipment | null,
): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(values)) {
    if (value === undefined) continue;
    switch (field) {
      case "client":
        out.client = typeof value === "number" ? clientOf(value, picks, row) : null;
        break;
      case "shipper":
        out.shipper = typeof value === "number" ? truckOf(value, picks, row) : null;
        break;
      case "status": {
        const status = statusById(Number(value));
        if (status)
          out.status = { id: status.id, description: status.description, color: status.color };
        break;
      }
      case "reason": {
        const statusId = values.status ?? row?.status.id;
        const known = REASONS.find((each) => each.status === statusId && each.code === value);
        out.reason =
          typeof value === "string"
            ? {
                id: row?.reason?.code === value ? row.reason.id : 0,
                code: value,
                name: known?.name ?? value,
              }
            : null;
        break;
      }
      case "booked_date":
      case "action_date":
        out[field] = instantOf(value as string | null);
        break;
      default:
        out[field] = value;
    }
  }
  return out;
}
