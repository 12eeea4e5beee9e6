import { DateTime } from "luxon";
import { DATE_FILTER_FORMAT } from "../../../shared/constants";
import {
  CriticalLine,
  CriticalLineHistoryEntry,
  type CriticalLineInput,
} from "../../../shared/contract/critical-lines";
import { listOf } from "../../../shared/contract/paging";
import { http } from "../../lib/http";
import type { CriticalLineListFilters } from "../../offline/critical-lines-mirror";
import type { ListAnswer } from "../../offline/page-rules";

/** api/critical-line: every answer is parsed with the shared contract. */
const BASE = "api/critical-line";
const CriticalLineList = listOf(CriticalLine);

/** YYYY-MM-DDTHH:mm plus the device's offset: the server reads it as local time. */
const BOUND_FORMAT = `${DATE_FILTER_FORMAT}ZZ`;

function bound(isoDate: string | undefined, edge: "start" | "end"): string | undefined {
  if (!isoDate) return undefined;
  const day = DateTime.fromISO(isoDate);
  if (!day.isValid) return undefined;
  return (edge === "start" ? day.startOf("day") : day.endOf("day")).toFormat(BOUND_FORMAT);
}

const TEXT_FILTERS = ["line", "cause", "product", "provider", "client_name"] as const;

export function listSearchParams(
  filters: CriticalLineListFilters,
  page: number,
  pageSize: number,
): Record<string, string | number> {
  const params: Record<string, string | number> = { page, page_size: pageSize };
  const after = bound(filters.date_after, "start");
  const before = bound(filters.date_before, "end");
  if (after) params.date_after = after;
  if (before) params.date_before = before;
  for (const field of TEXT_FILTERS) {
    const value = filters[field]?.trim();
    if (value) params[field] = value;
  }
  return params;
}

export async function listCriticalLines(
  filters: CriticalLineListFilters,
  page: number,
  pageSize: number,
  signal?: AbortSignal,
): Promise<ListAnswer<CriticalLine>> {
  const body = await http.get<unknown>(BASE, {
    searchParams: listSearchParams(filters, page, pageSize),
    ...(signal ? { signal } : {}),
  });
  return CriticalLineList.parse(body);
}

export async function getCriticalLine(id: number): Promise<CriticalLine> {
  return CriticalLine.parse(await http.get<unknown>(`${BASE}/${id}`));
}

/** Online-first (offline/online-first.ts): the attempt's Idempotency-Key and the wait's end. */
export interface Attempt {
  key: string;
  signal: AbortSignal;
}

export async function createCriticalLine(
  input: CriticalLineInput,
  uid: string,
  attempt?: Attempt,
): Promise<CriticalLine> {
  const options = attempt
    ? { headers: { "Idempotency-Key": attempt.key }, signal: attempt.signal }
    : {};
  return CriticalLine.parse(await http.put<unknown>(`${BASE}/uid/${uid}`, input, options));
}

export async function replaceCriticalLine(
  id: number,
  version: number,
  input: CriticalLineInput,
  attempt?: Attempt,
): Promise<CriticalLine> {
  const headers: Record<string, string> = { "If-Match": `"${version}"` };
  if (attempt) headers["Idempotency-Key"] = attempt.key;
  return CriticalLine.parse(
    await http.put<unknown>(`${BASE}/${id}`, input, {
      headers,
      ...(attempt ? { signal: attempt.signal } : {}),
    }),
  );
}

export async function deleteCriticalLine(id: number, version: number): Promise<void> {
  await http.delete<unknown>(`${BASE}/${id}`, { headers: { "If-Match": `"${version}"` } });
}

export async function criticalLineHistory(id: number): Promise<CriticalLineHistoryEntry[]> {
  const body = await http.get<unknown>(`${BASE}/${id}/history`);
  return listOf(CriticalLineHistoryEntry).parse(body).results;
}
