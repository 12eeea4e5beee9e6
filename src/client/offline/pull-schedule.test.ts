import { afterEach, describe, expect, it, vi } from "vitest";
import { createPullSchedule } from "./pull-schedule";

afterEach(() => {
  vi.useRealTimers();
});

/** A schedule whose pulls take `pullMs`, counted. */
function counted(pullMs: number, options: { debounceMs: number; minGapMs: number }) {
  const starts: number[] = [];
  const schedule = createPullSchedule(async () => {
    starts.push(Date.now());
    await new Promise((resolve) => setTimeout(resolve, pullMs));
  }, options);
  return { starts, schedule };
}

describe("createPullSchedule", () => {
  it("folds a burst of events into one pull after the debounce", async () => {
    vi.useFakeTimers();
    const { starts, schedule } = counted(50, { debounceMs: 300, minGapMs: 1_000 });
    for (let i = 0; i < 25; i++) {
      schedule.soon();
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(starts).toHaveLength(0);
    await vi.advanceTimersByTimeAsync(50);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(1);
    schedule.stop();
  });

  it("a steady stream of events costs one pull per gap, never two at once", async () => {
    vi.useFakeTimers();
    const { starts, schedule } = counted(200, { debounceMs: 300, minGapMs: 1_000 });
    // Ten events a second for ten seconds (a company of fifty devices writing every 5 s).
    for (let i = 0; i < 100; i++) {
      schedule.soon();
      await vi.advanceTimersByTimeAsync(100);
    }
    await vi.advanceTimersByTimeAsync(2_000);
    expect(starts.length).toBeGreaterThanOrEqual(9);
    expect(starts.length).toBeLessThanOrEqual(11);
    for (let i = 1; i < starts.length; i++) {
      expect((starts[i] ?? 0) - (starts[i - 1] ?? 0)).toBeGreaterThanOrEqual(1_000);
    }
    schedule.stop();
  });

  it("a pull asked while one runs follows it once; one that starts covers the waiting events", async () => {
    vi.useFakeTimers();
    const { starts, schedule } = counted(500, { debounceMs: 300, minGapMs: 1_000 });
    schedule.now();
    schedule.now();
    schedule.now();
    await vi.advanceTimersByTimeAsync(100);
    expect(starts).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(500);
    expect(starts).toHaveLength(2);
    // An event waits for its debounce; a pull asked meanwhile takes it along.
    await vi.advanceTimersByTimeAsync(2_000);
    schedule.soon();
    schedule.now();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(3);
    schedule.stop();
    schedule.soon();
    schedule.now();
    await vi.advanceTimersByTimeAsync(5_000);
    expect(starts).toHaveLength(3);
  });
});
