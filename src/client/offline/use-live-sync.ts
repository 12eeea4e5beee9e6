import { useEffect, useSyncExternalStore } from "react";
import { getSessionState, subscribeSession } from "../lib/session/session-store";
import { startLiveSync } from "./live-sync";

const signedIn = () => getSessionState().auth !== null;
const companyId = () => getSessionState().company?.id ?? null;

/**
 * Live sync for the signed-in user's company (offline/live-sync.ts): mounted once by the
 * authenticated layout. Stops on logout and restarts on a company change.
 */
export function useLiveSync(): void {
  const active = useSyncExternalStore(subscribeSession, signedIn, signedIn);
  const company = useSyncExternalStore(subscribeSession, companyId, companyId);
  useEffect(() => {
    if (!active || company === null) return;
    return startLiveSync(company);
  }, [active, company]);
}
