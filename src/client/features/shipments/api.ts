import { DateTime } from "luxon";
import { DATE_FILTER_FORMAT, SHIPMENT_TYPE } from "../../../shared/constants";
import { listOf } from "../../../shared/contract/paging";
import {
  Expedition,
  HistoryEntry,
  Reception,
  Shipment,
  type ShipmentPatch,
} from "../../../shared/contract/shipments";
import type { ShipmentType } from "../../../shared/contract/status";
import { ApiError } from "../../lib/errors";
import { http } from "../../lib/http";
import type { ListAnswer } from "../../offline/page-rules";
import type { ShipmentListFilters } from "../../offline/shipments-mirror";

/** The expeditions/receptions API of the lists: every answer parsed with the shared contract. */
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

export async function deleteShipment(type: ShipmentType, id: number): Promise<void> {
  await http.delete<unknown>(`${SHIPMENT_PATH[type]}/${id}`);
}

/** PATCH one field (status, reason or shipper) with If-Match and a fresh Idempotency-Key. */
export async function patchShipment(
  row: Pick<Shipment, "id" | "type" | "version">,
  patch: ShipmentPatch,
  idempotencyKey: string = crypto.randomUUID(),
): Promise<Shipment> {
  const body = await http.patch<unknown>(`${SHIPMENT_PATH[row.type]}/${row.id}`, patch, {
    headers: { "If-Match": `"${row.version}"`, "Idempotency-Key": idempotencyKey },
  });
  return Shipment.parse(body);
}

/** The current line carried by a 412 answer, or null. */
export function staleShipmentOf(error: unknown): Shipment | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const body = error.body as { current?: unknown } | null;
  const current = Shipment.safeParse(body?.current);
  return current.success ? current.data : null;
}

/** One line of the type (404 as an ApiError once deleted or out of the user's scope). */
export async function getShipment(
  type: ShipmentType,
  id: number,
  signal?: AbortSignal,
): Promise<Shipment> {
  const body = await http.get<unknown>(`${SHIPMENT_PATH[type]}/${id}`, { signal });
  return Shipment.parse(body);
}

const HISTORY = listOf(HistoryEntry);

/** A line's whole history, newest first (the dialog pages it on the device). */
export async function listHistory(id: number, signal?: AbortSignal): Promise<HistoryEntry[]> {
  const body = await http.get<unknown>("api/historic", {
    searchParams: { shipment: String(id), page_size: "1000" },
    signal,
  });
  return HISTORY.parse(body).results;
}
