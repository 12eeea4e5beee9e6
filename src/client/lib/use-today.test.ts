import { act, cleanup, renderHook } from "@testing-library/react";
import { DateTime } from "luxon";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { isoDay, msUntilNextDay, useToday } from "./use-today";

describe("msUntilNextDay", () => {
  it("counts to the next local midnight", () => {
    expect(msUntilNextDay(DateTime.local(2025, 3, 4, 23, 59, 50))).toBe(10_000);
    expect(msUntilNextDay(DateTime.local(2025, 3, 4, 0, 0, 0))).toBe(86_400_000);
  });
});

describe("useToday", () => {
  beforeEach(() => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "Date"] });
    vi.setSystemTime(DateTime.local(2025, 3, 4, 23, 59, 0).toJSDate());
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("turns to the new day at local midnight, and again a day later", () => {
    const { result } = renderHook(() => useToday());
    expect(result.current).toBe("2025-03-04");
    act(() => vi.advanceTimersByTime(59_000));
    expect(result.current).toBe("2025-03-04");
    // The timer fires just after midnight (a small margin against early timers).
    act(() => vi.advanceTimersByTime(1_000 + 50));
    expect(result.current).toBe("2025-03-05");
    act(() => vi.advanceTimersByTime(86_400_000));
    expect(result.current).toBe("2025-03-06");
  });

  it("catches up when the page becomes visible after the timers slept", () => {
    const { result } = renderHook(() => useToday());
    // The system clock jumps (a suspended device) without the timer having fired.
    vi.setSystemTime(DateTime.local(2025, 3, 5, 8, 0, 0).toJSDate());
    act(() => {
      document.dispatchEvent(new Event("visibilitychange"));
    });
    expect(result.current).toBe(isoDay());
    expect(result.current).toBe("2025-03-05");
  });
});
