import { useCallback, useEffect, useMemo, useState } from "react";
import type { TaskLine } from "../../../shared/contract/task-list";
import { ApiError, OfflineError } from "../../lib/errors";
import { readStored } from "../../lib/storage";
import { forgetAnsweredTaskLines } from "../../offline/task-lines-local";
import { listTaskLines, shipmentCode, type TaskListFilters } from "./api";
import type { TaskListSearch } from "./task-list-search";

/** The shipment of the ?shipment= parameter: its code, or null when it was not found. */
export interface ShipmentReference {
  id: number;
  code: string | null;
}

const RELOAD_MS = 60_000;

/**
 * One page of task lines for the URL's filters: loads on every filter or page change, every
 * 60 s (spec: lists reload every 60 s) and on reload(); with ?shipment= it first reads that
 * shipment's code and filters by it as the reference.
 */
export function useTaskLines(search: Omit<TaskListSearch, "page">, page: number) {
  const [rows, setRows] = useState<TaskLine[]>([]);
  const [count, setCount] = useState(0);
  const [isLoading, setLoading] = useState(true);
  const [isFetching, setFetching] = useState(false);
  const [isOffline, setOffline] = useState(false);
  const [lastSync, setLastSync] = useState<number | null>(null);
  const [error, setError] = useState<unknown>(null);
  const [tick, setTick] = useState(0);
  const [shipment, setShipment] = useState<ShipmentReference | null>(null);

  useEffect(() => {
    const id = search.shipment;
    if (!id) {
      setShipment(null);
      return;
    }
    const controller = new AbortController();
    shipmentCode(id, controller.signal)
      .then((code) => setShipment({ id, code }))
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        if (failure instanceof ApiError && failure.status === 404) setShipment({ id, code: null });
        else setError(failure);
      });
    return () => controller.abort();
  }, [search.shipment]);

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
  const waitingForShipment = Boolean(search.shipment) && shipment?.id !== search.shipment;

  // biome-ignore lint/correctness/useExhaustiveDependencies: tick forces a reload.
  useEffect(() => {
    if (waitingForShipment) return;
    const controller = new AbortController();
    setFetching(true);
    listTaskLines(apiFilters, page, controller.signal)
      .then((answer) => {
        setRows(answer.results);
        setCount(answer.count);
        setError(null);
        setOffline(false);
        setLastSync(Date.now());
        // The server's page is the truth now: lines the replayer answered may leave the device.
        void forgetAnsweredTaskLines(Number(readStored("company") ?? 0)).catch(() => {});
      })
      .catch((failure: unknown) => {
        if (controller.signal.aborted) return;
        console.error("Loading the task list failed", failure);
        if (failure instanceof OfflineError) setOffline(true);
        else setError(failure);
      })
      .finally(() => {
        if (controller.signal.aborted) return;
        setLoading(false);
        setFetching(false);
      });
    return () => controller.abort();
  }, [apiFilters, page, tick, waitingForShipment]);

  useEffect(() => {
    const timer = setInterval(() => setTick((value) => value + 1), RELOAD_MS);
    return () => clearInterval(timer);
  }, []);

  const reload = useCallback(() => setTick((value) => value + 1), []);
  return {
    rows,
    count,
    isLoading,
    isFetching,
    isOffline,
    lastSync,
    error,
    shipment,
    apiFilters,
    reload,
  };
}
