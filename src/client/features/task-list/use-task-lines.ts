import { useMemo } from "react";
import type { TaskLine } from "../../../shared/contract/task-list";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { ApiError, OfflineError } from "../../lib/errors";
import { readStored } from "../../lib/storage";
import { refreshIntervalMs } from "../../offline/live-state";
import { forgetAnsweredTaskLines } from "../../offline/task-lines-local";
import { listTaskLines, shipmentCode, type TaskListFilters } from "./api";
import type { TaskListSearch } from "./task-list-search";

/** The shipment of the ?shipment= parameter: its code, or null when it was not found. */
export interface ShipmentReference {
  id: number;
  code: string | null;
}

const NO_LINES: TaskLine[] = [];

/** The shipment of `id`: its code, or null when the server does not know it (404). */
async function shipmentReference(id: number, signal: AbortSignal): Promise<ShipmentReference> {
  try {
    return { id, code: await shipmentCode(id, signal) };
  } catch (failure) {
    if (failure instanceof ApiError && failure.status === 404) return { id, code: null };
    throw failure;
  }
}

/**
 * One page of task lines for the URL's filters: loads on every filter or page change, every
 * REFRESH_INTERVAL seconds (no live events carry task lines) and on reload(); with ?shipment= it first reads that
 * shipment's code and filters by it as the reference.
 */
export function useTaskLines(search: Omit<TaskListSearch, "page">, page: number) {
  const shipmentId = search.shipment;
  const reference = useRemoteData(shipmentId ? String(shipmentId) : null, (signal) =>
    shipmentReference(shipmentId ?? 0, signal),
  );
  const shipment = shipmentId ? (reference.data ?? null) : null;

  const apiFilters = useMemo<TaskListFilters>(
    () => ({
      date_after: search.date_after,
      date_before: search.date_before,
      user: search.user,
      worksheet: search.worksheet,
      reference: shipment?.code ?? undefined,
    }),
    [search.date_after, search.date_before, search.user, search.worksheet, shipment],
  );
  const waitingForShipment = Boolean(shipmentId) && shipment?.id !== shipmentId;

  const list = useRemoteData(
    waitingForShipment ? null : JSON.stringify([apiFilters, page]),
    async (signal) => {
      const answer = await listTaskLines(apiFilters, page, signal);
      // The server's page is the truth now: lines the replayer answered may leave the device.
      void forgetAnsweredTaskLines(Number(readStored("company") ?? 0)).catch(() => {});
      return { answer, at: Date.now() };
    },
    {
      keepPrevious: true,
      refreshMs: refreshIntervalMs(),
      onError: (failure) => console.error("Loading the task list failed", failure),
    },
  );
  const isOffline = list.error instanceof OfflineError;
  return {
    rows: list.data?.answer.results ?? NO_LINES,
    count: list.data?.answer.count ?? 0,
    isLoading: list.data === undefined && (list.isLoading || waitingForShipment),
    isFetching: list.isFetching,
    isOffline,
    lastSync: list.data?.at ?? null,
    error: (isOffline ? null : list.error) ?? reference.error,
    shipment,
    apiFilters,
    reload: list.reload,
  };
}
