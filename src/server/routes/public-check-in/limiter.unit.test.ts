import { describe, expect, it } from "vitest";
import { WindowLimiter } from "./limiter";

describe("WindowLimiter", () => {
  it("allows max attempts per key in a window, then says how long to wait", () => {
    let now = 0;
    const limiter = new WindowLimiter(2, 60_000, () => now);
    expect([limiter.take("a"), limiter.take("a"), limiter.take("b")]).toEqual([0, 0, 0]);
    now = 15_000;
    expect(limiter.take("a")).toBe(45);
    now = 60_000;
    expect(limiter.take("a")).toBe(0);
  });
});
