import { act, cleanup, renderHook } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useDebouncedValue } from "./use-debounced-value";

describe("useDebouncedValue", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    cleanup();
    vi.useRealTimers();
  });

  it("settles after the wait, and at the latest after maxWait", () => {
    const { result, rerender } = renderHook(({ value }) => useDebouncedValue(value, 500, 1200), {
      initialProps: { value: "" },
    });
    rerender({ value: "1" });
    act(() => vi.advanceTimersByTime(499));
    expect(result.current).toBe("");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("1");

    // Typing every 400 ms never leaves a 500 ms pause: the value follows at 1200 ms anyway.
    rerender({ value: "12" });
    act(() => vi.advanceTimersByTime(400));
    rerender({ value: "123" });
    act(() => vi.advanceTimersByTime(400));
    rerender({ value: "1234" });
    act(() => vi.advanceTimersByTime(399));
    expect(result.current).toBe("1");
    act(() => vi.advanceTimersByTime(1));
    expect(result.current).toBe("1234");
  });
});
