import { describe, expect, it } from "vitest";
import { layoutTabs } from "./tab-overflow";

const base = { widths: [100, 100, 100, 100], moreWidth: 80, gap: 10, active: -1 };

describe("layoutTabs", () => {
  it("keeps every tab when they all fit", () => {
    expect(layoutTabs({ ...base, available: 430 })).toEqual({
      visible: [0, 1, 2, 3],
      overflow: [],
    });
  });

  it("moves the tabs that do not fit beside More into the menu, in order", () => {
    // 429 px: the four tabs need 430. Beside More (80 + 10) two tabs fit (210 <= 339).
    expect(layoutTabs({ ...base, available: 429 })).toEqual({
      visible: [0, 1, 2],
      overflow: [3],
    });
    expect(layoutTabs({ ...base, available: 300 })).toEqual({ visible: [0, 1], overflow: [2, 3] });
  });

  it("keeps the active tab in the bar, in place of the last that would fit", () => {
    expect(layoutTabs({ ...base, available: 300, active: 3 })).toEqual({
      visible: [0, 3],
      overflow: [1, 2],
    });
    expect(layoutTabs({ ...base, available: 300, active: 1 })).toEqual({
      visible: [0, 1],
      overflow: [2, 3],
    });
  });

  it("with no room at all, everything goes into More but the active tab if it fits alone", () => {
    expect(layoutTabs({ ...base, available: 150 })).toEqual({
      visible: [],
      overflow: [0, 1, 2, 3],
    });
    expect(layoutTabs({ ...base, available: 200, active: 2 })).toEqual({
      visible: [2],
      overflow: [0, 1, 3],
    });
  });

  it("uses each tab's own width", () => {
    expect(
      layoutTabs({ widths: [60, 200, 60, 60], available: 300, moreWidth: 40, gap: 0, active: -1 }),
    ).toEqual({ visible: [0, 1], overflow: [2, 3] });
  });
});
