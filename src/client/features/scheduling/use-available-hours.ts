import { useEffect, useState } from "react";
import type { OperationType } from "../../../shared/contract/scheduling";
import { isTransient } from "../../lib/errors";
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
  const [state, setState] = useState<AvailableHoursState>({ kind: "idle" });
  useEffect(() => {
    if (!enabled || !day) {
      setState({ kind: "idle" });
      return;
    }
    const controller = new AbortController();
    setState({ kind: "loading" });
    availableHours(day, operation, controller.signal).then(
      (hours) => setState({ kind: "ready", hours }),
      (error: unknown) => {
        if (controller.signal.aborted) return;
        setState(isTransient(error) ? { kind: "unreachable" } : { kind: "failed", error });
      },
    );
    return () => controller.abort();
  }, [day, operation, enabled]);
  return state;
}
