import { LIST_RELOAD_MS } from "../../shared/constants";
import { getConfig } from "../lib/config";

/**
 * Whether the live-events stream (GET api/events) is open, i.e. changes reach this tab within
 * a second. Set by the live sync; read by whatever polls: while events flow, polling is only a
 * safety net (LIST_RELOAD_MS, 60 s); while they do not (stream down, proxy that buffers it,
 * offline), lists and the change feed poll every REFRESH_INTERVAL seconds (/config.json).
 * In-memory, per tab.
 */
let flowing = false;

export function setLiveFlowing(value: boolean): void {
  flowing = value;
}

export function isLiveFlowing(): boolean {
  return flowing;
}

/** The configured refresh interval (REFRESH_INTERVAL, seconds), in ms. */
export function refreshIntervalMs(): number {
  return getConfig().refreshInterval * 1000;
}

/** How long after the last load a poller loads again, given how often it ticks. */
export function pollPeriodMs(intervalMs: number, liveFlowing: boolean = flowing): number {
  return liveFlowing ? Math.max(intervalMs, LIST_RELOAD_MS) : intervalMs;
}

/**
 * Calls `load` every `intervalMs` while live events do not flow, at most every LIST_RELOAD_MS
 * while they do; `lastLoad` tells when it last ran for another reason (an event, the network
 * returning). Returns the stop function.
 */
export function startPolling(
  intervalMs: number,
  lastLoad: () => number,
  load: () => void,
  now: () => number = Date.now,
): () => void {
  const timer = setInterval(() => {
    // A little slack: a tick may come a few ms before a full period has passed.
    if (now() - lastLoad() >= pollPeriodMs(intervalMs) - 50) load();
  }, intervalMs);
  return () => clearInterval(timer);
}
