import { isTransient } from "../errors";
import { requestLogout } from "./api";

/**
 * Logout on the server, best effort: the device forgets the session at once (it works
 * offline); the server is asked to revoke it too, so a copy of the token dies with the logout.
 * A logout the server could not hear (offline, server down) keeps its refresh token under
 * PENDING_KEY and is sent again when the device comes back online or at the next login.
 */
const PENDING_KEY = "logout-pending";
/** A device rarely has more than one; a bound keeps a long offline spell from piling up. */
const MAX_PENDING = 10;

function readPending(): string[] {
  try {
    const parsed: unknown = JSON.parse(localStorage.getItem(PENDING_KEY) ?? "[]");
    return Array.isArray(parsed) ? parsed.filter((item) => typeof item === "string") : [];
  } catch {
    return [];
  }
}

function writePending(tokens: readonly string[]): void {
  try {
    if (tokens.length === 0) localStorage.removeItem(PENDING_KEY);
    else localStorage.setItem(PENDING_KEY, JSON.stringify(tokens.slice(-MAX_PENDING)));
  } catch {
    // Storage full or blocked: the session simply expires on the server.
  }
}

/** True when the server answered (whatever it said); false when it could not be reached. */
async function send(jwt: string | null, refresh: string | null): Promise<boolean> {
  try {
    await requestLogout(jwt, refresh);
    return true;
  } catch (error) {
    // 401: already ended (or unknown); nothing left to do for this session.
    return !isTransient(error);
  }
}

export async function endServerSession(jwt: string | null, refresh: string | null): Promise<void> {
  if (jwt === null && refresh === null) return;
  if (!(await send(jwt, refresh)) && refresh !== null) writePending([...readPending(), refresh]);
}

let flushing: Promise<void> | null = null;

/** Sends the logouts the server has not heard yet (one run at a time). */
export function retryPendingLogouts(): Promise<void> {
  flushing ??= (async () => {
    try {
      for (const refresh of readPending()) {
        if (!(await send(null, refresh))) return;
        writePending(readPending().filter((token) => token !== refresh));
      }
    } finally {
      flushing = null;
    }
  })();
  return flushing;
}

/**
 * Sends the pending logouts each time the device comes back online, until the returned stop.
 * The app starts it for the page's life (app.tsx); nothing listens merely because this module
 * was imported, so a test that starts it stops it and leaves no listener behind.
 */
export function retryLogoutsWhenOnline(): () => void {
  const handleOnline = () => void retryPendingLogouts();
  window.addEventListener("online", handleOnline);
  return () => window.removeEventListener("online", handleOnline);
}
