import { useEffect, useRef } from "react";
import { useMirrorQuery } from "../../lib/data-hooks/use-mirror-query";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { readStored } from "../../lib/storage";
import {
  readWaitingTaskLines,
  type TaskLineLocalFilters,
  type WaitingTaskLines,
} from "../../offline/task-lines-local";
import { rememberAllChoices } from "./offline-choices";

const NONE: WaitingTaskLines = { created: [], changed: [], deleting: [] };

/**
 * The task line changes waiting on this device (issue 17: lines booked, edited or deleted with
 * no answer), live from the `taskLines` table and the outbox, matching the list's filters.
 * When one leaves (the server took it, or refused it: the list shows the server's line again
 * and the change joins the sync issues), `onSettled` reloads the list. Opening
 * the list online also refreshes the choices the line form offers offline.
 */
export function useQueuedTaskLines(filters: TaskLineLocalFilters, onSettled: () => void) {
  const company = Number(readStored("company") ?? 0);
  const waiting =
    useMirrorQuery(() => readWaitingTaskLines(company, filters), [company, filters]) ?? NONE;
  const ids = [
    ...waiting.created.map((line) => line.id),
    ...waiting.changed.map((line) => line.id),
    ...waiting.deleting.map((id) => -id),
  ].join(",");
  const previous = useRef<Set<number>>(new Set());
  const settled = useRef(onSettled);
  settled.current = onSettled;

  useEffect(() => {
    const now = new Set(ids ? ids.split(",").map(Number) : []);
    const left = [...previous.current].some((id) => !now.has(id));
    previous.current = now;
    if (left) settled.current();
  }, [ids]);

  // Refreshed for each company.
  useRemoteData(String(company), rememberAllChoices, {
    onError: (error) => console.info("Task list choices not refreshed", error),
  });

  return waiting;
}
