import { DateTime } from "luxon";
import type { OperationType } from "../../../shared/contract/scheduling";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { availableHours } from "./api";

export type AvailableHoursState =
  | { kind: "idle" }
  | { kind: "loading" }
  | { kind: "ready"; hours: string[] }
  /** No answer (offline, network): the form offers every hour; the server checks on send. */
  | { kind: "unreachable" }
  | { kind: "failed"; error: unknown };

/**
 * The server's free hour slots of `day`, fetched when `enabled` and the day changes, and again
 * when `revision` changes (the server refused an hour: it filled meanwhile).
 */
export function useAvailableHours(
  day: string,
  operation: OperationType,
  enabled: boolean,
  revision?: unknown,
): AvailableHoursState {
  const hours = useRemoteData(
    enabled && day ? `${day}|${operation}` : null,
    (signal) => availableHours(day, operation, signal),
    { revision },
  );
  if (!enabled || !day) return { kind: "idle" };
  if (hours.isLoading) return { kind: "loading" };
  if (hours.error)
    return hours.isOffline ? { kind: "unreachable" } : { kind: "failed", error: hours.error };
  return hours.data ? { kind: "ready", hours: hours.data } : { kind: "loading" };
}

const DAY = "yyyy-LL-dd";
/** How far ahead the next open day is looked for (one request a day). */
const LOOK_AHEAD_DAYS = 31;

/** The first day after `day` with a free hour, and its first free hour; null when none. */
export async function nextOpenDay(
  day: string,
  operation: OperationType,
  signal?: AbortSignal,
): Promise<{ day: string; hour: string } | null> {
  const start = DateTime.fromFormat(day, DAY);
  if (!start.isValid) return null;
  for (let ahead = 1; ahead <= LOOK_AHEAD_DAYS; ahead++) {
    const next = start.plus({ days: ahead }).toFormat(DAY);
    const hours = await availableHours(next, operation, signal);
    const first = hours[0];
    if (first) return { day: next, hour: first };
  }
  return null;
}

/** nextOpenDay as screen state, asked for only when `enabled` (a restricted or full day). */
export function useNextOpenDay(day: string, operation: OperationType, enabled: boolean) {
  return useRemoteData(enabled && day ? `next|${day}|${operation}` : null, (signal) =>
    nextOpenDay(day, operation, signal),
  );
}
