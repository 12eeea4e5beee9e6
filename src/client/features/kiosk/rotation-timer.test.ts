import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { KIOSK_ADVANCE_MS, KIOSK_FULL_RELOAD_TICKS } from "../../../shared/constants";
import type { KioskPageName } from "./kiosk-pages";
import type { KioskStop } from "./rotation";
import { type RotationDriver, startRotation } from "./rotation-timer";

interface FakeKiosk {
  driver: RotationDriver;
  visited: KioskPageName[];
  /** Every stop, "name:page". */
  stops: string[];
  reloads: KioskPageName[];
  /** Page count of each list (1 when not given); change it to add or drop lines. */
  pageCounts: Partial<Record<KioskPageName, number>>;
  ticks: number[];
  online: boolean;
  cached: boolean;
}

/** A kiosk whose navigation just records the page and puts it on screen. */
function fakeKiosk(pages: readonly KioskPageName[], start = "/dashboard"): FakeKiosk {
  let pathname = start;
  let page = 1;
  const kiosk: FakeKiosk = {
    visited: [],
    stops: [],
    reloads: [],
    pageCounts: {},
    ticks: [],
    online: true,
    cached: true,
    driver: {
      pages: () => pages,
      screen: () => {
        const name = pathname.slice(1) as KioskPageName;
        const known = pages.includes(name);
        return { pathname, page, pageCount: known ? (kiosk.pageCounts[name] ?? 1) : null };
      },
      go: async (stop: KioskStop) => {
        kiosk.visited.push(stop.name);
        kiosk.stops.push(`${stop.name}:${stop.page}`);
        pathname = `/${stop.name}`;
        page = stop.page;
      },
      reload: (stop: KioskStop) => {
        kiosk.reloads.push(stop.name);
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

  it("pages through every page of a list before the next list, reading the count each tick", async () => {
    const kiosk = fakeKiosk(["trucks", "expeditions"], "/trucks");
    kiosk.pageCounts = { trucks: 1, expeditions: 3 };
    stop = startRotation(kiosk.driver);
    await advanceTicks(5);
    expect(kiosk.stops).toEqual([
      "expeditions:1",
      "expeditions:2",
      "expeditions:3",
      "trucks:1",
      "expeditions:1",
    ]);
    // A line appears while page 1 is on screen: its new fourth page is shown this pass.
    kiosk.pageCounts.expeditions = 4;
    await advanceTicks(5);
    expect(kiosk.stops.slice(5)).toEqual([
      "expeditions:2",
      "expeditions:3",
      "expeditions:4",
      "trucks:1",
      "expeditions:1",
    ]);
  });

  it("a tick that comes while a page change still runs is counted, not stacked; it says when it moves", async () => {
    const kiosk = fakeKiosk(["trucks", "expeditions"], "/trucks");
    const moving: boolean[] = [];
    let arrive = () => {};
    const go = kiosk.driver.go;
    kiosk.driver.go = (stop) =>
      new Promise<void>((resolve) => {
        arrive = () => void go(stop).then(resolve);
      });
    kiosk.driver.onMoving = (now) => moving.push(now);
    stop = startRotation(kiosk.driver);
    await advanceTicks(2);
    expect(kiosk.ticks).toEqual([1, 2]);
    expect(moving).toEqual([true]);
    arrive();
    await vi.advanceTimersByTimeAsync(0);
    expect(moving).toEqual([true, false]);
    expect(kiosk.stops).toEqual(["expeditions:1"]);
    await advanceTicks(1);
    expect(moving).toEqual([true, false, true]);
  });

  it("a one-list rotation pages through it and starts again at page 1", async () => {
    const kiosk = fakeKiosk(["expeditions"], "/expeditions");
    kiosk.pageCounts = { expeditions: 2 };
    stop = startRotation(kiosk.driver);
    await advanceTicks(4);
    expect(kiosk.stops).toEqual([
      "expeditions:2",
      "expeditions:1",
      "expeditions:2",
      "expeditions:1",
    ]);
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

describe("startRotation skipping empty pages", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("moves past an empty page at once, and stays when every page is empty", async () => {
    const kiosk = fakeKiosk(["expeditions", "critical-lines", "alerts"] as KioskPageName[]);
    const empty = new Set<string>(["critical-lines"]);
    kiosk.driver.isEmpty = async () =>
      empty.has(kiosk.driver.screen().pathname.slice(1) as KioskPageName);
    const stop = startRotation(kiosk.driver);
    await advanceTicks(3);
    // expeditions, then critical-lines (empty) skipped to alerts in the same tick, expeditions.
    expect(kiosk.stops).toEqual(["expeditions:1", "critical-lines:1", "alerts:1", "expeditions:1"]);
    expect(kiosk.ticks).toEqual([1, 2, 3]);
    empty.add("expeditions");
    empty.add("alerts");
    const before = kiosk.stops.length;
    await advanceTicks(1);
    // All empty: each is tried once in the tick, then the rotation stays put.
    expect(kiosk.stops.length - before).toBeLessThanOrEqual(3);
    stop();
  });
});
