import { DateTime } from "luxon";
import { DATE_FILTER_FORMAT } from "../../../shared/constants";
import { listOf } from "../../../shared/contract/paging";
import { Shipper, type ShipperInput } from "../../../shared/contract/trucks";
import { ApiError } from "../../lib/errors";
import { http } from "../../lib/http";
import type { ListAnswer } from "../../offline/page-rules";
import type { TruckListFilters } from "../../offline/trucks-mirror";

/** The trucks (shippers) API of this screen: every answer is parsed with the shared contract. */
const BASE = "api/shipper";
const ShipperList = listOf(Shipper);

/** YYYY-MM-DDTHH:mm (spec section 5) plus the device's offset: the server reads it as local. */
const BOUND_FORMAT = `${DATE_FILTER_FORMAT}ZZ`;

/** The "after" bound of a list date filter: start of that local day. */
export function afterBound(isoDate: string | undefined): string | undefined {
  if (!isoDate) return undefined;
  const day = DateTime.fromISO(isoDate);
  return day.isValid ? day.startOf("day").toFormat(BOUND_FORMAT) : undefined;
}

/** The "before" bound: end of that local day (23:59; the server covers the whole minute). */
export function beforeBound(isoDate: string | undefined): string | undefined {
  if (!isoDate) return undefined;
  const day = DateTime.fromISO(isoDate);
  return day.isValid ? day.endOf("day").toFormat(BOUND_FORMAT) : undefined;
}

/** Query string of one list page; empty filters are left out. */
export function listSearchParams(
  filters: TruckListFilters,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const params: Record<string, string | number> = { page, page_size: pageSize };
  const name = filters.name?.trim();
  const plate = filters.plate?.trim();
  const after = afterBound(filters.register_date_after);
  const before = beforeBound(filters.register_date_before);
  if (name) params.name = name;
  if (plate) params.plate = plate;
  if (after) params.register_date_after = after;
  if (before) params.register_date_before = before;
  return params;
}

export async function listTrucks(
  filters: TruckListFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListAnswer<Shipper>> {
  const body = await http.get<unknown>(BASE, {
    searchParams: listSearchParams(filters, page, pageSize),
    signal,
  });
  // 204 means an empty list (spec section 3).
  return body === undefined ? { count: 0, results: [] } : ShipperList.parse(body);
}

export async function getTruck(id: number, signal?: AbortSignal): Promise<Shipper> {
  return Shipper.parse(await http.get<unknown>(`${BASE}/${id}`, { signal }));
}

/** Path of a truck's creation under the client-chosen id `uid` (idempotent PUT). */
export function truckCreationPath(uid: string): string {
  return `${BASE}/uid/${uid}`;
}

/**
 * Signs a truck up under a client-chosen id: a repeat (double submit, retry, the same
 * creation replayed from the outbox) answers the same truck instead of a copy.
 */
export async function createTruck(
  input: ShipperInput,
  uid: string,
  /** Online-first (offline/online-first.ts): its Idempotency-Key and the wait's end. */
  attempt?: { key: string; signal: AbortSignal },
): Promise<Shipper> {
  const options = attempt
    ? { headers: { "Idempotency-Key": attempt.key }, signal: attempt.signal }
    : {};
  return Shipper.parse(await http.put<unknown>(truckCreationPath(uid), input, options));
}

/** Path of a truck's edit (PUT) under its server id. */
export function truckPath(id: number): string {
  return `${BASE}/${id}`;
}

/** PUT with If-Match: a stale version answers 412 with the current truck (staleTruckOf). */
export async function replaceTruck(
  id: number,
  version: number,
  input: ShipperInput,
  /** Online-first (offline/online-first.ts): its Idempotency-Key and the wait's end. */
  attempt?: { key: string; signal: AbortSignal },
): Promise<Shipper> {
  const headers: Record<string, string> = { "If-Match": `"${version}"` };
  if (attempt) headers["Idempotency-Key"] = attempt.key;
  return Shipper.parse(
    await http.put<unknown>(truckPath(id), input, {
      headers,
      ...(attempt ? { signal: attempt.signal } : {}),
    }),
  );
}

export async function deleteTruck(id: number): Promise<void> {
  await http.delete<unknown>(`${BASE}/${id}`);
}

/** Trucks whose plate contains the text, those starting with it first (at most 10). */
export async function autocompletePlate(plate: string, signal?: AbortSignal): Promise<Shipper[]> {
  const text = plate.trim();
  if (text === "") return [];
  const body = await http.get<unknown>(`${BASE}/autocomplete_plate`, {
    searchParams: { plate: text },
    signal,
  });
  return Shipper.array().parse(body ?? []);
}

/** The current truck carried by a 412 answer, or null. */
export function staleTruckOf(error: unknown): Shipper | null {
  if (!(error instanceof ApiError) || error.status !== 412) return null;
  const body = error.body as { current?: unknown } | null;
  const current = Shipper.safeParse(body?.current);
  return current.success ? current.data : null;
}

/** A refusal because the company already has a truck with this plate (409, not_unique). */
export function isPlateTaken(error: unknown): boolean {
  return (
    error instanceof ApiError &&
    error.fieldCodes?.plate?.some((code) => code.code === "not_unique") === true
  );
}

/** The company's truck with this plate (spelled as the server stores it), or null. */
export async function findTruckByPlate(plate: string): Promise<Shipper | null> {
  const wanted = plate.replace(/[^0-9a-z]/gi, "").toUpperCase();
  try {
    const found = await autocompletePlate(wanted);
    return (
      found.find((truck) => truck.plate.replace(/[^0-9a-z]/gi, "").toUpperCase() === wanted) ?? null
    );
  } catch {
    return null;
  }
}
