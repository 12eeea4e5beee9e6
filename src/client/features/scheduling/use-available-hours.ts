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

/** The server's free hour slots of `day`, fetched when `enabled` and the day changes. */
export function useAvailableHours(
  day: string,
  operation: OperationType,
  enabled: boolean,
): AvailableHoursState {
  const hours = useRemoteData(enabled && day ? `${day}|${operation}` : null, (signal) =>
    availableHours(day, operation, signal),
  );
  if (!enabled || !day) return { kind: "idle" };
  if (hours.isLoading) return { kind: "loading" };
  if (hours.error)
    return hours.isOffline ? { kind: "unreachable" } : { kind: "failed", error: hours.error };
  return hours.data ? { kind: "ready", hours: hours.data } : { kind: "loading" };
}
