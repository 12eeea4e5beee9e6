import { DateTime } from "luxon";
import { DATE_FILTER_FORMAT, SHIPMENT_TYPE } from "../../shared/constants";
import { listOf } from "../../shared/contract/paging";
import { Expedition, Reception, type Shipment } from "../../shared/contract/shipments";
import type { ShipmentType } from "../../shared/contract/status";
import { http } from "../lib/http";
import type { ListAnswer } from "./page-rules";
import type { ShipmentListFilters } from "./shipments-mirror";

/**
 * The expeditions/receptions list request that fills the shipments mirror (the lists and the
 * day board read it), and the API paths of the lines: every answer parsed with the shared
 * contract.
 */
export const SHIPMENT_PATH: Record<ShipmentType, string> = {
  [SHIPMENT_TYPE.expedition]: "api/expedition",
  [SHIPMENT_TYPE.reception]: "api/reception",
};

const LIST = {
  [SHIPMENT_TYPE.expedition]: listOf(Expedition),
  [SHIPMENT_TYPE.reception]: listOf(Reception),
} as const;

/** YYYY-MM-DDTHH:mm plus the device's offset (as the trucks list sends its bounds). */
const BOUND_FORMAT = `${DATE_FILTER_FORMAT}ZZ`;

/** Start ("after") or end ("before") of a local ISO day, as an API bound. */
export function dayBound(isoDate: string | undefined, end: boolean): string | undefined {
  if (!isoDate) return undefined;
  const day = DateTime.fromISO(isoDate);
  if (!day.isValid) return undefined;
  return (end ? day.endOf("day") : day.startOf("day")).toFormat(BOUND_FORMAT);
}

/** Query string of one list page; empty filters left out, client and status repeated. */
export function shipmentSearchParams(
  type: ShipmentType,
  filters: ShipmentListFilters,
  page: number,
  pageSize: number,
): URLSearchParams {
  const params = new URLSearchParams({ page: String(page), page_size: String(pageSize) });
  const after = dayBound(filters.booked_date_after, false);
  const before = dayBound(filters.booked_date_before, true);
  if (after) params.set("booked_date_after", after);
  if (before) params.set("booked_date_before", before);
  const texts = ["code", "search", "route_plate", "info_shipper"] as const;
  for (const key of texts) {
    const value = filters[key]?.trim();
    if (value) params.set(key, value);
  }
  const origin = filters.origin?.trim();
  if (type === SHIPMENT_TYPE.reception && origin) params.set("origin", origin);
  for (const id of filters.client ?? []) params.append("client", String(id));
  for (const id of filters.status ?? []) params.append("status", String(id));
  if (filters.show_issued) params.set("show_issued", "true");
  return params;
}

export async function listShipments(
  type: ShipmentType,
  filters: ShipmentListFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListAnswer<Shipment>> {
  const body = await http.get<unknown>(SHIPMENT_PATH[type], {
    searchParams: shipmentSearchParams(type, filters, page, pageSize),
    signal,
  });
  return body === undefined ? { count: 0, results: [] } : LIST[type].parse(body);
}
