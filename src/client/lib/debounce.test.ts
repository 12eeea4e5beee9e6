import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DEBOUNCE_MAX_WAIT_MS, DEBOUNCE_MS } from "../../shared/constants";
import { debounce } from "./debounce";

describe("debounce", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("runs once, with the last arguments, after the wait", () => {
    const fn = vi.fn();
    const call = debounce(fn, DEBOUNCE_MS);
    call("a");
    call("ab");
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    call("abc");
    vi.advanceTimersByTime(DEBOUNCE_MS - 1);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn).toHaveBeenCalledWith("abc");
  });

  it("runs at the latest maxWait after the first call of a burst", () => {
    const fn = vi.fn();
    const call = debounce(fn, DEBOUNCE_MS, { maxWait: DEBOUNCE_MAX_WAIT_MS });
    // A key every 400 ms never leaves a 500 ms gap.
    for (let elapsed = 0; elapsed < DEBOUNCE_MAX_WAIT_MS; elapsed += 400) {
      call(elapsed);
      vi.advanceTimersByTime(400);
    }
    expect(fn).toHaveBeenCalledTimes(1);
    expect(fn.mock.calls[0]?.[0]).toBe(4800);
    // A new burst starts its own maxWait window.
    call("next");
    vi.advanceTimersByTime(DEBOUNCE_MS);
    expect(fn).toHaveBeenCalledTimes(2);
    expect(fn).toHaveBeenLastCalledWith("next");
  });

  it("fires exactly at maxWait when calls keep coming", () => {
    const fn = vi.fn();
    const call = debounce(fn, 500, { maxWait: 1000 });
    call(1);
    vi.advanceTimersByTime(300);
    call(2);
    vi.advanceTimersByTime(300);
    call(3);
    vi.advanceTimersByTime(300);
    call(4); // 900 ms into the burst: due at 1000, not 1400
    vi.advanceTimersByTime(99);
    expect(fn).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(fn).toHaveBeenCalledWith(4);
  });

  it("cancel drops the pending call and flush runs it now", () => {
    const fn = vi.fn();
    const call = debounce(fn, 500);
    call("dropped");
    expect(call.pending()).toBe(true);
    call.cancel();
    expect(call.pending()).toBe(false);
    vi.advanceTimersByTime(1000);
    expect(fn).not.toHaveBeenCalled();
    call("now");
    call.flush();
    expect(fn).toHaveBeenCalledWith("now");
    call.flush();
    expect(fn).toHaveBeenCalledTimes(1);
  });
});
