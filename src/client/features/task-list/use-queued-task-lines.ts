import { useLiveQuery } from "dexie-react-hooks";
import { useEffect, useRef } from "react";
import type { TaskLine } from "../../../shared/contract/task-list";
import { readStored } from "../../lib/storage";
import { readQueuedTaskLines, type TaskLineLocalFilters } from "../../offline/task-lines-local";
import { rememberAllChoices } from "./offline-choices";

const NONE: TaskLine[] = [];

/**
 * The lines booked on this device that have not reached the server (issue 17), live from the
 * `taskLines` table and matching the list's filters. When one leaves (the server took it, or
 * refused it: it goes visibly and joins the sync issues), `onSettled` reloads the list. Opening
 * the list online also refreshes the choices the line form offers offline.
 */
export function useQueuedTaskLines(filters: TaskLineLocalFilters, onSettled: () => void) {
  const company = Number(readStored("company") ?? 0);
  const queued =
    useLiveQuery(() => readQueuedTaskLines(company, filters), [company, filters]) ?? NONE;
  const ids = queued.map((line) => line.id).join(",");
  const previous = useRef<Set<number>>(new Set());
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    const now = new Set(ids ? ids.split(",").map(Number) : []);
    const left = [...previous.current].some((id) => !now.has(id));
    previous.current = now;
    if (left) settled.current();
  }, [ids]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: refresh for each company.
  useEffect(() => {
    const controller = new AbortController();
    rememberAllChoices(controller.signal).catch((error: unknown) => {
      if (!controller.signal.aborted) console.info("Task list choices not refreshed", error);
    });
    return () => controller.abort();
  }, [company]);

  return queued;
}
