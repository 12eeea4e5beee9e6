import { useRemoteData } from "../../lib/data-hooks/use-remote-data";
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
  const alerts = useRemoteData(
    `${company}|${quiet}`,
    async (signal) => {
      const saved = { alerts: await fetchAlerts(signal), savedAt: Date.now() };
      await saveAlerts(company, saved).catch(() => undefined);
      return saved;
    },
    {
      cached: () => loadAlerts(company),
      onError: (error) => {
        if (!quiet) notifyError(error);
      },
      refreshMs: REFRESH_MS,
      refetchOnline: true,
    },
  );
  return {
    saved: alerts.data ?? null,
    offline: alerts.error !== null,
    loading: alerts.isLoading,
    reload: alerts.reload,
  };
}
