import { describe, expect, it } from "vitest";
import { FIT_MAX_ROWS, FIT_MIN_ROWS, rowsThatFit } from "./use-rows-that-fit";

describe("rowsThatFit", () => {
  it("fits whole rows between the first row and the room kept below, never a cut one", () => {
    // A 720 px wall: rows from 190 px, 37 px each, 49 px kept for the page count: 13 x 37 = 481.
    expect(rowsThatFit({ viewport: 720, firstRowTop: 190, rowHeight: 37, below: 49 })).toBe(13);
    // One pixel less and the 13th row would be cut: 12.
    expect(rowsThatFit({ viewport: 720, firstRowTop: 190, rowHeight: 37, below: 50 })).toBe(12);
    expect(rowsThatFit({ viewport: 1080, firstRowTop: 260, rowHeight: 52, below: 70 })).toBe(14);
  });

  it("keeps a few rows on a tiny screen and a bound on a huge one", () => {
    expect(rowsThatFit({ viewport: 200, firstRowTop: 190, rowHeight: 37, below: 50 })).toBe(
      FIT_MIN_ROWS,
    );
    expect(rowsThatFit({ viewport: 9000, firstRowTop: 0, rowHeight: 10, below: 0 })).toBe(
      FIT_MAX_ROWS,
    );
    expect(rowsThatFit({ viewport: 720, firstRowTop: 0, rowHeight: 0, below: 0 })).toBe(
      FIT_MIN_ROWS,
    );
  });
});
