import { useEffect, useState } from "react";
import { DaySlots, type OperationType } from "../../../shared/contract/scheduling";
import { isTransient } from "../../lib/errors";
import { http } from "../../lib/http";

export interface DaySlotsState {
  slots: DaySlots | undefined;
  /** When the figures were fetched (epoch ms); older ones come from the device's cache. */
  fetchedAt: number | null;
  /** The last request got no answer: the figures shown are the cached ones, if any. */
  offline: boolean;
}

const cacheKey = (company: number, day: string, operation: OperationType) =>
  `yardline.daySlots.${company}.${day}.${operation}`;

function readCache(key: string): { slots: DaySlots; at: number } | undefined {
  try {
    const raw = localStorage.getItem(key);
    if (!raw) return undefined;
    const parsed = JSON.parse(raw) as { slots: unknown; at: number };
    return { slots: DaySlots.parse(parsed.slots), at: parsed.at };
  } catch {
    return undefined;
  }
}

/**
 * The day's slots of one operation (capacity, opening, restricted) from api/available-dates/day,
 * kept on the device so the board still shows the capacity offline ("as of" its time).
 * `refresh` changes when the lines change, so the figures follow them.
 */
export function useDaySlots(
  company: number | null,
  day: string,
  operation: OperationType,
  refresh: number,
): DaySlotsState {
  const [state, setState] = useState<DaySlotsState>({
    slots: undefined,
    fetchedAt: null,
    offline: false,
  });
  // biome-ignore lint/correctness/useExhaustiveDependencies: `refresh` changing is the cue to fetch again.
  useEffect(() => {
    if (company === null || !day) return;
    const key = cacheKey(company, day, operation);
    const cached = readCache(key);
    setState((current) =>
      current.slots?.date === day && current.fetchedAt !== null
        ? current
        : { slots: cached?.slots, fetchedAt: cached?.at ?? null, offline: false },
    );
    const controller = new AbortController();
    http
      .get<unknown>("api/available-dates/day", {
        searchParams: { date: day, operation_type: operation },
        signal: controller.signal,
      })
      .then(
        (body) => {
          const slots = DaySlots.parse(body);
          const at = Date.now();
          setState({ slots, fetchedAt: at, offline: false });
          try {
            localStorage.setItem(key, JSON.stringify({ slots, at }));
          } catch {
            // A full storage only loses the offline copy.
          }
        },
        (error: unknown) => {
          if (controller.signal.aborted) return;
          if (isTransient(error)) setState((current) => ({ ...current, offline: true }));
          else setState((current) => ({ ...current, offline: false }));
        },
      );
    return () => controller.abort();
  }, [company, day, operation, refresh]);
  return state;
}
