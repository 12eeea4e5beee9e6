import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KIOSK_ADVANCE_MS, KIOSK_FULL_RELOAD_TICKS } from "../../../shared/constants";
import type { KioskPageName } from "./kiosk-pages";
import { type RotationDriver, startRotation } from "./rotation-timer";

interface FakeKiosk {
  driver: RotationDriver;
  visited: KioskPageName[];
  reloads: KioskPageName[];
  ticks: number[];
  online: boolean;
  cached: boolean;
}

/** A kiosk whose navigation just records the page and puts it on screen. */
function fakeKiosk(pages: readonly KioskPageName[], start = "/dashboard"): FakeKiosk {
  let pathname = start;
  const kiosk: FakeKiosk = {
    visited: [],
    reloads: [],
    ticks: [],
    online: true,
    cached: true,
    driver: {
      pages: () => pages,
      pathname: () => pathname,
      go: async (page) => {
        kiosk.visited.push(page);
        pathname = `/${page}`;
      },
      reload: (page) => {
        kiosk.reloads.push(page);
      },
      isOnline: () => kiosk.online,
      isCached: async () => kiosk.cached,
      onTick: (count) => kiosk.ticks.push(count),
    },
  };
  return kiosk;
}

const advanceTicks = (count: number) => vi.advanceTimersByTimeAsync(count * KIOSK_ADVANCE_MS);

describe("startRotation", () => {
  let stop: () => void = () => {};
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    stop();
    vi.useRealTimers();
  });

  it("advances one page every 10 s, in order, wrapping around", async () => {
    const kiosk = fakeKiosk(["trucks", "expeditions", "receptions"], "/trucks");
    stop = startRotation(kiosk.driver);
    await vi.advanceTimersByTimeAsync(KIOSK_ADVANCE_MS - 1);
    expect(kiosk.visited).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(kiosk.visited).toEqual(["expeditions"]);
    await advanceTicks(3);
    expect(kiosk.visited).toEqual(["expeditions", "receptions", "trucks", "expeditions"]);
  });

  it("a one-page rotation navigates to the same page and still counts ticks", async () => {
    const kiosk = fakeKiosk(["expeditions"], "/expeditions");
    stop = startRotation(kiosk.driver);
    await advanceTicks(3);
    expect(kiosk.visited).toEqual(["expeditions", "expeditions", "expeditions"]);
    expect(kiosk.ticks).toEqual([1, 2, 3]);
  });

  it("with nothing to show it only counts", async () => {
    const kiosk = fakeKiosk([]);
    stop = startRotation(kiosk.driver);
    await advanceTicks(2);
    expect(kiosk.visited).toEqual([]);
    expect(kiosk.ticks).toEqual([1, 2]);
  });

  it("reloads fully at tick 100, online with the shell cached, on the next page", async () => {
    const kiosk = fakeKiosk(["expeditions", "receptions"], "/expeditions");
    stop = startRotation(kiosk.driver);
    await advanceTicks(KIOSK_FULL_RELOAD_TICKS - 1);
    expect(kiosk.reloads).toEqual([]);
    expect(kiosk.visited).toHaveLength(KIOSK_FULL_RELOAD_TICKS - 1);
    await advanceTicks(1);
    // Tick 99 showed receptions; the reload opens the page after it.
    expect(kiosk.reloads).toEqual(["expeditions"]);
    expect(kiosk.visited).toHaveLength(KIOSK_FULL_RELOAD_TICKS - 1);
  });

  it("never reloads offline: it keeps rotating and reloads on the first tick back online", async () => {
    const kiosk = fakeKiosk(["expeditions"], "/expeditions");
    kiosk.online = false;
    stop = startRotation(kiosk.driver);
    await advanceTicks(KIOSK_FULL_RELOAD_TICKS + 20);
    expect(kiosk.reloads).toEqual([]);
    expect(kiosk.visited).toHaveLength(KIOSK_FULL_RELOAD_TICKS + 20);
    kiosk.online = true;
    await advanceTicks(1);
    expect(kiosk.reloads).toEqual(["expeditions"]);
  });

  it("does not reload while the shell is not cached (dev, no service worker)", async () => {
    const kiosk = fakeKiosk(["expeditions"], "/expeditions");
    kiosk.cached = false;
    stop = startRotation(kiosk.driver);
    await advanceTicks(KIOSK_FULL_RELOAD_TICKS + 5);
    expect(kiosk.reloads).toEqual([]);
    kiosk.cached = true;
    await advanceTicks(1);
    expect(kiosk.reloads).toEqual(["expeditions"]);
  });

  it("a failed navigation keeps the page and the next tick tries again", async () => {
    const kiosk = fakeKiosk(["trucks", "expeditions"], "/trucks");
    const warn = vi.spyOn(console, "warn").mockImplementation(() => {});
    const go = kiosk.driver.go;
    kiosk.driver.go = vi
      .fn()
      .mockRejectedValueOnce(new Error("chunk failed"))
      .mockImplementation(go);
    stop = startRotation(kiosk.driver);
    await advanceTicks(1);
    expect(kiosk.visited).toEqual([]);
    expect(warn).toHaveBeenCalledOnce();
    await advanceTicks(1);
    expect(kiosk.visited).toEqual(["expeditions"]);
    warn.mockRestore();
  });

  it("does not stack navigations while one still runs, but counts the ticks", async () => {
    const kiosk = fakeKiosk(["trucks", "expeditions"], "/trucks");
    let finish: () => void = () => {};
    kiosk.driver.go = vi.fn(
      () =>
        new Promise<void>((resolve) => {
          finish = resolve;
        }),
    );
    stop = startRotation(kiosk.driver);
    await advanceTicks(3);
    expect(kiosk.driver.go).toHaveBeenCalledOnce();
    expect(kiosk.ticks).toEqual([1, 2, 3]);
    finish();
    await advanceTicks(1);
    expect(kiosk.driver.go).toHaveBeenCalledTimes(2);
  });

  it("stops", async () => {
    const kiosk = fakeKiosk(["expeditions"], "/expeditions");
    startRotation(kiosk.driver)();
    await advanceTicks(2);
    expect(kiosk.ticks).toEqual([]);
  });
});
