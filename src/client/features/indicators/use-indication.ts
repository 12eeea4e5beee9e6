import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
import { notifyError } from "../../lib/notices";
import {
  fetchIndication,
  type IndicatorView,
  loadIndication,
  type SavedIndication,
  saveIndication,
} from "./api";

export interface IndicationState {
  saved: SavedIndication | null;
  /** The figures on screen are the device's copy: the network did not answer. */
  offline: boolean;
  loading: boolean;
}

/** How often the figures refresh while on screen (they change slowly). */
const REFRESH_MS = 60_000;

/**
 * The figures of a view: the device's last copy at once, then the server's; a failed fetch
 * keeps the copy on screen marked offline (a kiosk wall never shows an error for a drop).
 */
export function useIndication(
  company: string,
  view: IndicatorView,
  quiet: boolean,
): IndicationState {
  const { area, period } = view;
  const figures = useRemoteData(
    `${company}|${area}|${period}|${quiet}`,
    async (signal) => {
      const indication = await fetchIndication({ area, period }, signal);
      const saved = { indication, savedAt: Date.now() };
      await saveIndication(company, { area, period }, saved).catch(() => undefined);
      return saved;
    },
    {
      cached: () => loadIndication(company, { area, period }),
      onError: (error, shown) => {
        if (!quiet && !shown) notifyError(error);
      },
      refreshMs: REFRESH_MS,
      // Back online: fresh figures at once, not at the next minute.
      refetchOnline: true,
    },
  );
  return {
    saved: figures.data ?? null,
    offline: figures.error !== null,
    loading: figures.isLoading,
  };
}
