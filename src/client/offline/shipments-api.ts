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

/**
 * How many lines match `filters` (the whole count) and how many of them were booked before the
 * minute of `now` began (the ones already due): two one-line requests. A line booked at the
 * current minute is still to come.
 */
export async function countShipmentsDue(
  type: ShipmentType,
  filters: ShipmentListFilters,
  now: DateTime,
  signal?: AbortSignal,
): Promise<{ total: number; past: number }> {
  const count = async (params: URLSearchParams) => {
    const body = await http.get<unknown>(SHIPMENT_PATH[type], { searchParams: params, signal });
    return body === undefined ? 0 : LIST[type].parse(body).count;
  };
  const all = shipmentSearchParams(type, filters, 1, 1);
  const earlier = shipmentSearchParams(type, filters, 1, 1);
  // The API's "before" takes in the whole minute it names: the minute before now's.
  const lastPastMinute = now.startOf("minute").minus({ minutes: 1 });
  const dayEnd = earlier.get("booked_date_before");
  if (!dayEnd || DateTime.fromISO(dayEnd) > lastPastMinute) {
    earlier.set("booked_date_before", lastPastMinute.toFormat(BOUND_FORMAT));
  }
  const [total, past] = await Promise.all([count(all), count(earlier)]);
  return { total, past };
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
