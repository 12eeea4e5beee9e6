import { useCallback, useEffect, useState } from "react";
import { notifyError } from "../../lib/notices";
import { fetchAlerts, loadAlerts, type SavedAlerts, saveAlerts } from "./api";

export interface AlertsState {
  saved: SavedAlerts | null;
  offline: boolean;
  loading: boolean;
  reload: () => void;
}

const REFRESH_MS = 5 * 60_000;

/**
 * The company's alerts: the device's copy at once, then the server's; a failed fetch keeps the
 * copy on screen marked offline (a kiosk wall shows its last images through a network drop).
 */
export function useAlerts(company: string, quiet: boolean): AlertsState {
  const [state, setState] = useState<Omit<AlertsState, "reload">>({
    saved: null,
    offline: false,
    loading: true,
  });
  const [generation, setGeneration] = useState(0);
  const reload = useCallback(() => setGeneration((value) => value + 1), []);
  useEffect(() => {
    void generation;
    const controller = new AbortController();
    let active = true;
    const refresh = async () => {
      const copy = await loadAlerts(company).catch(() => null);
      if (active && copy)
        setState((previous) => (previous.saved ? previous : { ...previous, saved: copy }));
      try {
        const saved = { alerts: await fetchAlerts(controller.signal), savedAt: Date.now() };
        await saveAlerts(company, saved).catch(() => undefined);
        if (active) setState({ saved, offline: false, loading: false });
      } catch (error) {
        if (!active) return;
        setState((previous) => ({ saved: previous.saved ?? copy, offline: true, loading: false }));
        if (!quiet) notifyError(error);
      }
    };
    void refresh();
    const timer = setInterval(() => void refresh(), REFRESH_MS);
    const handleOnline = () => void refresh();
    window.addEventListener("online", handleOnline);
    return () => {
      active = false;
      controller.abort();
      clearInterval(timer);
      window.removeEventListener("online", handleOnline);
    };
  }, [company, quiet, generation]);
  return { ...state, reload };
}
