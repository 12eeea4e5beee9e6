import { afterEach, describe, expect, it, vi } from "vitest";
import type { LiveChange } from "../../shared/contract/changes";
import type { pullChanges } from "./change-feed";
import { onListRefresh } from "./list-refresh";
import type { LiveEventsOptions } from "./live-events";
import { startLiveSync } from "./live-sync";

const until = async (test: () => boolean, ms = 5_000) => {
  const deadline = Date.now() + ms;
  while (!test()) {
    if (Date.now() > deadline) throw new Error("timed out");
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
};

function harness() {
  let events: LiveEventsOptions | undefined;
  const stopEvents = vi.fn();
  let release: (() => void) | undefined;
  const pulls: number[] = [];
  const pull = vi.fn<typeof pullChanges>(async (company) => {
    pulls.push(company);
    await new Promise<void>((resolve) => {
      release = resolve;
    });
    return { pages: 1, changes: 0 };
  });
  const startEvents = (options: LiveEventsOptions) => {
    events = options;
    return stopEvents;
  };
  const refreshes = vi.fn();
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
});

describe("startLiveSync", () => {
  it("pulls at once, then one more pull for any number of events meanwhile, then refreshes lists", async () => {
    const h = harness();
    const stop = startLiveSync(7, { pull: h.pull, startEvents: h.startEvents, periodMs: 60_000 });
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
});
