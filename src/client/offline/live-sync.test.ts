import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveChange } from "../../shared/contract/changes";
import { expeditionRow } from "../test-rows";
import type { PullResult, pullChanges } from "./change-feed";
import { emptyFeedReport, type FeedReport, onListRefresh } from "./list-refresh";
import type { LiveEventsOptions } from "./live-events";
import { startLiveSync } from "./live-sync";

const until = async (test: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

const nothing = (): PullResult => ({
  pages: 1,
  changes: 0,
  full: false,
  report: emptyFeedReport(),
});

/** A pull that brought line `id`'s status change (in place). */
function statusChange(id: number): PullResult {
  const before = expeditionRow(id);
  const after = { ...before, version: 2, status: { id: 10, description: "ready", color: "" } };
  const report: FeedReport = { ...emptyFeedReport(), shipments: [{ id, before, after }] };
  return { pages: 1, changes: 1, full: false, report };
}

function harness(answer: () => PullResult = nothing) {
  let events: LiveEventsOptions | undefined;
  const stopEvents = vi.fn();
  let release: (() => void) | undefined;
  const pulls: number[] = [];
  const pull = vi.fn<typeof pullChanges>(async (company) => {
    pulls.push(company);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return answer();
  });
  const startEvents = (options: LiveEventsOptions) => {
    events = options;
    return stopEvents;
  };
  const refreshes = vi.fn<(report: FeedReport | null) => void>();
  const stopRefresh = onListRefresh(refreshes);
  return {
    pulls,
    pull,
    startEvents,
    stopEvents,
    refreshes,
    stopRefresh,
    emit: (change: LiveChange) => events?.onChange(change),
    open: () => events?.onOpen?.(),
    release: () => release?.(),
    events: () => events,
  };
}

let cleanup: (() => void)[] = [];
afterEach(() => {
  for (const each of cleanup) each();
  cleanup = [];
  vi.useRealTimers();
});

describe("startLiveSync", () => {
  it("pulls at once, then one more pull for any number of events meanwhile, then refreshes lists", async () => {
    const h = harness();
    const stop = startLiveSync(7, {
      pull: h.pull,
      startEvents: h.startEvents,
      periodMs: 60_000,
      debounceMs: 10,
      minGapMs: 0,
    });
    cleanup.push(stop, h.stopRefresh);
    expect(h.events()?.company).toBe(7);
    await until(() => h.pulls.length === 1);
    h.emit({ entity: "shipment", ids: [1] });
    h.emit({ entity: "shipper", ids: [] });
    h.open();
    h.release();
    await until(() => h.pulls.length === 2);
    expect(h.refreshes).not.toHaveBeenCalled();
    h.release();
    await until(() => h.refreshes.mock.calls.length === 1);
    // The pull brought no row 1 and an event named no ids: lists cannot judge, they fetch.
    expect(h.refreshes).toHaveBeenCalledWith(null);
    expect(h.pulls).toEqual([7, 7]);
  });

  it("pulls when the network returns and on its period; stop ends events and timers", async () => {
    const h = harness();
    const stop = startLiveSync(7, { pull: h.pull, startEvents: h.startEvents, periodMs: 40 });
    cleanup.push(h.stopRefresh);
    await until(() => h.pulls.length === 1);
    h.release();
    await until(() => h.pulls.length === 2);
    h.release();
    window.dispatchEvent(new Event("online"));
    await until(() => h.pulls.length === 3);
    h.release();
    stop();
    expect(h.stopEvents).toHaveBeenCalledOnce();
    const count = h.pulls.length;
    await new Promise((resolve) => setTimeout(resolve, 120));
    h.release();
    expect(h.pulls.length).toBeLessThanOrEqual(count + 1);
  });

  it("a burst of change events costs one pull after the debounce", async () => {
    vi.useFakeTimers();
    const pull = vi.fn<typeof pullChanges>(async () => nothing());
    let events: LiveEventsOptions | undefined;
    const stop = startLiveSync(7, {
      pull,
      startEvents: (options) => {
        events = options;
        return () => undefined;
      },
      periodMs: 60_000,
      debounceMs: 300,
      minGapMs: 1_000,
    });
    cleanup.push(stop);
    await vi.advanceTimersByTimeAsync(0);
    expect(pull).toHaveBeenCalledTimes(1);
    for (let id = 1; id <= 20; id++) {
      events?.onChange({ entity: "shipment", ids: [id] });
      await vi.advanceTimersByTimeAsync(10);
    }
    expect(pull).toHaveBeenCalledTimes(1);
    // The first event came right after the start's pull: it waits out the gap, not more.
    await vi.advanceTimersByTimeAsync(800);
    expect(pull).toHaveBeenCalledTimes(2);
    await vi.advanceTimersByTimeAsync(5_000);
    expect(pull).toHaveBeenCalledTimes(2);
  });

  it("tells lists what the pull brought when it explains the events, null when it cannot", async () => {
    let next = statusChange(1);
    const h = harness(() => next);
    const stop = startLiveSync(7, {
      pull: h.pull,
      startEvents: h.startEvents,
      periodMs: 60_000,
      debounceMs: 5,
      minGapMs: 0,
    });
    cleanup.push(stop, h.stopRefresh);
    await until(() => h.pulls.length === 1);
    h.release();
    // The first pull brought line 1 unasked: lists are told what changed.
    await until(() => h.refreshes.mock.calls.length === 1);
    expect(h.refreshes.mock.calls[0]?.[0]).toBe(next.report);

    // Line 1's event arrives after the pull that brought it: still explained.
    next = nothing();
    h.emit({ entity: "shipment", ids: [1] });
    await until(() => h.pulls.length === 2);
    h.release();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(h.refreshes).toHaveBeenCalledTimes(1);

    // Line 2 changed but the feed did not bring it (outside the window): lists fetch.
    h.emit({ entity: "shipment", ids: [2] });
    await until(() => h.pulls.length === 3);
    h.release();
    await until(() => h.refreshes.mock.calls.length === 2);
    expect(h.refreshes.mock.calls[1]?.[0]).toBeNull();

    // A full run: lists fetch.
    next = { ...statusChange(3), full: true };
    h.emit({ entity: "shipment", ids: [3] });
    await until(() => h.pulls.length === 4);
    h.release();
    await until(() => h.refreshes.mock.calls.length === 3);
    expect(h.refreshes.mock.calls[2]?.[0]).toBeNull();
  });
});
