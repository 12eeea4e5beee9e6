import { SHIPMENT_TYPE } from "../../../shared/constants";
import { listOf } from "../../../shared/contract/paging";
import { seriesResultOf } from "../../../shared/contract/scheduling";
import {
  Expedition,
  HistoryEntry,
  Reception,
  Shipment,
  type ShipmentPatch,
} from "../../../shared/contract/shipments";
import type { ShipmentWriteValues } from "../../../shared/contract/shipments-write";
import type { ShipmentType } from "../../../shared/contract/status";
import { ApiError } from "../../lib/errors";
import { http } from "../../lib/http";
import { SHIPMENT_PATH } from "../../offline/shipments-api";

/** The expeditions/receptions API beyond the list request (offline/shipments-api.ts). */
export async function deleteShipment(
  type: ShipmentType,
  id: number,
  /** Online-first (offline/online-first.ts): the key the queued delete repeats, If-Match. */
  options: { key?: string; signal?: AbortSignal; version?: number } = {},
): Promise<void> {
  const headers: Record<string, string> = {};
  if (options.key) headers["Idempotency-Key"] = options.key;
  if (options.version !== undefined) headers["If-Match"] = `"${options.version}"`;
  await http.delete<unknown>(`${SHIPMENT_PATH[type]}/${id}`, {
    headers,
    ...(options.signal ? { signal: options.signal } : {}),
  });
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

const SERIES_RESULT = {
  [SHIPMENT_TYPE.expedition]: seriesResultOf(Expedition),
  [SHIPMENT_TYPE.reception]: seriesResultOf(Reception),
} as const;

/**
 * Creates every occurrence of a repeated line in one request under the form's `uid` (a retry
 * creates nothing twice): the lines created and the dates that could not be (the
 * recurrence rule is the scheduling feature's; the lines are this resource's). Sent
 * online-first (offline/online-first.ts): the queued series repeats `key`.
 */
export async function saveSeries(
  type: ShipmentType,
  uid: string,
  values: ShipmentWriteValues,
  rrule: string,
  options: { key: string; signal?: AbortSignal },
) {
  const body = await http.put<unknown>(
    `${SHIPMENT_PATH[type]}/series/${uid}`,
    { ...values, rrule_str: rrule },
    {
      headers: { "Idempotency-Key": options.key },
      ...(options.signal ? { signal: options.signal } : {}),
    },
  );
  return SERIES_RESULT[type].parse(body);
}

/**
 * A form's save sent directly (online-first.ts): a creation PUT to `api/{type}/uid/{uid}`, or
 * an edit PUT of the changed fields with If-Match of the version the form showed. The same
 * Idempotency-Key goes with the queued write if no answer comes in time.
 */
export async function sendShipmentSave(
  path: string,
  body: Record<string, unknown>,
  options: { key: string; signal: AbortSignal; version?: number | undefined },
): Promise<Shipment> {
  const headers: Record<string, string> = { "Idempotency-Key": options.key };
  if (options.version !== undefined) headers["If-Match"] = `"${options.version}"`;
  const answer = await http.put<unknown>(path, body, { headers, signal: options.signal });
  return Shipment.parse(answer);
}
