import { useEffect } from "react";
import { TOKEN_CHECK_INTERVAL_MS } from "../../../shared/constants";
import { tokenDecision } from "../jwt";
import { readStored } from "../storage";
import { endSession, renewTokens } from "./session";

/** One check of spec section 4: renew a token that expires within 2.4 h; end a dead session. */
export async function checkSession(now: number = Date.now()): Promise<void> {
  const jwt = readStored("jwt");
  if (jwt === null) return;
  if (tokenDecision(jwt, now) === "keep") return;
  const result = await renewTokens(jwt);
  if (result === "invalid") endSession();
  // "failed" (offline, server down): try again on the next tick.
}

/** Checks the JWT every 60 s while `active` (off the login page). */
export function useSessionKeeper(active: boolean): void {
  useEffect(() => {
    if (!active) return;
    void checkSession();
    const timer = setInterval(() => void checkSession(), TOKEN_CHECK_INTERVAL_MS);
    return () => clearInterval(timer);
  }, [active]);
}
