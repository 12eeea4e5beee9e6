import { SHIPMENT_TYPE } from "../../../shared/constants";
import {
  AvailableDates,
  DockSchedule,
  type OperationType,
  RestrictedDate,
  RestrictedDateList,
} from "../../../shared/contract/scheduling";
import type { ShipmentType } from "../../../shared/contract/status";
import { http } from "../../lib/http";

/** The scheduling API (issue 12), every answer parsed with the shared contract. */

/** unload for receptions, load for expeditions. */
export function operationOf(type: ShipmentType): OperationType {
  return type === SHIPMENT_TYPE.expedition ? "load" : "unload";
}

/** The hour slots still bookable on `day` (YYYY-MM-DD), as date-times with the yard's offset. */
export async function availableHours(
  day: string,
  operation: OperationType,
  signal?: AbortSignal,
): Promise<string[]> {
  const body = await http.get<unknown>("api/available-dates", {
    searchParams: { date: day, operation_type: operation },
    ...(signal ? { signal } : {}),
  });
  return AvailableDates.parse(body);
}

export async function getDockSchedule(): Promise<DockSchedule> {
  return DockSchedule.parse(await http.get<unknown>("api/dock-schedule"));
}

export async function saveDockSchedule(schedule: DockSchedule): Promise<DockSchedule> {
  return DockSchedule.parse(await http.put<unknown>("api/dock-schedule", schedule));
}

export const RESTRICTED_PAGE_SIZE = 10;

export async function listRestrictedDates(page: number) {
  const body = await http.get<unknown>("api/restricted-date", {
    searchParams: { page, page_size: RESTRICTED_PAGE_SIZE },
  });
  return RestrictedDateList.parse(body);
}

export async function addRestrictedDate(date: string): Promise<RestrictedDate> {
  return RestrictedDate.parse(await http.post<unknown>("api/restricted-date", { date }));
}

export async function deleteRestrictedDate(id: number): Promise<void> {
  await http.delete<unknown>(`api/restricted-date/${id}`);
}
