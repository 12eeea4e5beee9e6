import { afterEach, describe, expect, it, vi } from "vitest";
import { emptyFeedReport } from "./list-refresh";
import type { LiveEventsOptions } from "./live-events";
import {
  isLiveFlowing,
  pollPeriodMs,
  refreshIntervalMs,
  setLiveFlowing,
  startPolling,
} from "./live-state";
import { startLiveSync } from "./live-sync";

afterEach(() => {
  vi.useRealTimers();
  setLiveFlowing(false);
});

describe("polling by the refresh interval (REFRESH_INTERVAL)", () => {
  it("defaults to the runtime configuration's 10 s", () => {
    expect(refreshIntervalMs()).toBe(10_000);
  });

  it("polls every interval while live events do not flow, every 60 s while they do", () => {
    expect(pollPeriodMs(10_000, false)).toBe(10_000);
    expect(pollPeriodMs(10_000, true)).toBe(60_000);
    expect(pollPeriodMs(120_000, true)).toBe(120_000);
  });

  it("loads on every tick without live events, and only after 60 s with them", () => {
    vi.useFakeTimers();
    let last = Date.now();
    const load = vi.fn(() => {
      last = Date.now();
    });
    const stop = startPolling(10_000, () => last, load);
    vi.advanceTimersByTime(30_000);
    expect(load).toHaveBeenCalledTimes(3);
    setLiveFlowing(true);
    vi.advanceTimersByTime(50_000);
    expect(load).toHaveBeenCalledTimes(3);
    vi.advanceTimersByTime(10_000);
    expect(load).toHaveBeenCalledTimes(4);
    setLiveFlowing(false);
    vi.advanceTimersByTime(10_000);
    expect(load).toHaveBeenCalledTimes(5);
    stop();
    vi.advanceTimersByTime(60_000);
    expect(load).toHaveBeenCalledTimes(5);
  });

  it("does not load again on a tick right after another load (an event)", () => {
    vi.useFakeTimers();
    let last = Date.now();
    const load = vi.fn();
    const stop = startPolling(10_000, () => last, load);
    vi.advanceTimersByTime(9_000);
    last = Date.now();
    vi.advanceTimersByTime(1_000);
    expect(load).not.toHaveBeenCalled();
    stop();
  });

  it("is told by the live sync when the event stream opens and ends", () => {
    let events: LiveEventsOptions | undefined;
    const stop = startLiveSync(3, {
      pull: async () => ({ pages: 1, changes: 0, full: false, report: emptyFeedReport() }),
      startEvents: (options) => {
        events = options;
        return () => undefined;
      },
    });
    expect(isLiveFlowing()).toBe(false);
    events?.onOpen?.();
    expect(isLiveFlowing()).toBe(true);
    events?.onClose?.();
    expect(isLiveFlowing()).toBe(false);
    events?.onOpen?.();
    stop();
    expect(isLiveFlowing()).toBe(false);
  });
});
