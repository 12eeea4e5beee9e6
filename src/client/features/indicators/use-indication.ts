import { useEffect, useState } from "react";
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
  const [state, setState] = useState<IndicationState>({
    saved: null,
    offline: false,
    loading: true,
  });
  const { area, period } = view;
  useEffect(() => {
    const current = { area, period };
    const controller = new AbortController();
    let active = true;
    const refresh = async () => {
      const copy = await loadIndication(company, current).catch(() => null);
      if (active && copy)
        setState((previous) => (previous.saved ? previous : { ...previous, saved: copy }));
      try {
        const indication = await fetchIndication(current, controller.signal);
        const saved = { indication, savedAt: Date.now() };
        await saveIndication(company, current, saved).catch(() => undefined);
        if (active) setState({ saved, offline: false, loading: false });
      } catch (error) {
        if (!active) return;
        setState((previous) => ({ saved: previous.saved ?? copy, offline: true, loading: false }));
        if (!quiet && !(copy ?? null)) notifyError(error);
      }
    };
    setState({ saved: null, offline: false, loading: true });
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    // Back online: fresh figures at once, not at the next minute.
    const handleOnline = () => void refresh();
    window.addEventListener("online", handleOnline);
    return () => {
      active = false;
      controller.abort();
      clearInterval(timer);
      window.removeEventListener("online", handleOnline);
    };
  }, [company, area, period, quiet]);
  return state;
}
