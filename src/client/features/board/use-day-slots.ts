import { DaySlots, type OperationType } from "../../../shared/contract/scheduling";
import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
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
  const key = company === null || !day ? null : cacheKey(company, day, operation);
  const answer = useRemoteData(
    key,
    async (signal) => {
      const body = await http.get<unknown>("api/available-dates/day", {
        searchParams: { date: day, operation_type: operation },
        signal,
      });
      const copy = { slots: DaySlots.parse(body), at: Date.now() };
      try {
        if (key) localStorage.setItem(key, JSON.stringify(copy));
      } catch {
        // A full storage only loses the offline copy.
      }
      return copy;
    },
    { cached: () => (key ? readCache(key) : undefined), revision: refresh },
  );
  return {
    slots: answer.data?.slots,
    fetchedAt: answer.data?.at ?? null,
    offline: answer.isOffline,
  };
}
