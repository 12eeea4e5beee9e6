import { useEffect } from "react";

/** The part of the Screen Wake Lock API used here (absent in older browsers and jsdom). */
interface WakeLockApi {
  request: (type: "screen") => Promise<WakeLockSentinel>;
}

function wakeLockApi(): WakeLockApi | null {
  return "wakeLock" in navigator && navigator.wakeLock ? navigator.wakeLock : null;
}

/**
 * Keeps the screen on while `enabled` (kiosk wall displays). The browser drops the lock when
 * the page is hidden, so it is requested again each time the page becomes visible. No API,
 * a refusal (power saving, permissions policy) or a hidden page: the screen may sleep, the
 * app carries on.
 */
export function useWakeLock(enabled: boolean): void {
  useEffect(() => {
    const api = wakeLockApi();
    if (!enabled || api === null) return;
    let sentinel: WakeLockSentinel | null = null;
    let stopped = false;
    const acquire = async () => {
      if (document.visibilityState !== "visible") return;
      if (sentinel !== null && !sentinel.released) return;
      try {
        const granted = await api.request("screen");
        if (stopped) void granted.release();
        else sentinel = granted;
      } catch (error) {
        console.warn("Screen wake lock refused", error);
      }
    };
    const handleVisibility = () => void acquire();
    document.addEventListener("visibilitychange", handleVisibility);
    void acquire();
    return () => {
      stopped = true;
      document.removeEventListener("visibilitychange", handleVisibility);
      if (sentinel !== null && !sentinel.released) void sentinel.release().catch(() => {});
    };
  }, [enabled]);
}
