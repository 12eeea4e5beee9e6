import { describe, expect, it } from "vitest";
import { pageCountOf, pageHolding, pageWindow } from "./page-window";

describe("pageWindow", () => {
  it("shows the current page and two on each side", () => {
    expect(pageWindow(5, 10)).toEqual([3, 4, 5, 6, 7]);
  });

  it("is cut at the first and last page", () => {
    expect(pageWindow(1, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(2, 10)).toEqual([1, 2, 3, 4]);
    expect(pageWindow(9, 10)).toEqual([7, 8, 9, 10]);
    expect(pageWindow(10, 10)).toEqual([8, 9, 10]);
  });

  it("handles short lists", () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(2, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(1, 0)).toEqual([]);
  });

  it("clamps a page out of range", () => {
    expect(pageWindow(40, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(0, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(-3, 10)).toEqual([1, 2, 3]);
    expect(pageWindow(Number.NaN, 10)).toEqual([1, 2, 3]);
  });

  it("takes another radius", () => {
    expect(pageWindow(5, 10, 1)).toEqual([4, 5, 6]);
    expect(pageWindow(5, 10, 0)).toEqual([5]);
  });
});

describe("pageCountOf", () => {
  it("rounds up and is at least 1", () => {
    expect(pageCountOf(25, 10)).toBe(3);
    expect(pageCountOf(30, 10)).toBe(3);
    expect(pageCountOf(31, 10)).toBe(4);
    expect(pageCountOf(0, 10)).toBe(1);
    expect(pageCountOf(5, 0)).toBe(1);
  });
});

describe("pageHolding", () => {
  it("is the page of the item, clamped to the pages there are", () => {
    expect(pageHolding(0, 27, 10)).toBe(1);
    expect(pageHolding(9, 27, 10)).toBe(1);
    expect(pageHolding(10, 27, 10)).toBe(2);
    expect(pageHolding(26, 27, 10)).toBe(3);
    // Every item before now: the last page; none at all: page 1.
    expect(pageHolding(27, 27, 10)).toBe(3);
    expect(pageHolding(30, 30, 10)).toBe(3);
    expect(pageHolding(0, 0, 10)).toBe(1);
  });
});
