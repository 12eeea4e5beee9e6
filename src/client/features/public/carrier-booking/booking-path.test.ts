import { describe, expect, it } from "vitest";
import { bookingPathOf } from "./booking-path";

describe("bookingPathOf", () => {
  it("reads the page and the private link; nothing else", () => {
    expect(bookingPathOf("/carrier-booking/abc")).toEqual({ kind: "page", token: "abc" });
    expect(bookingPathOf("/carrier-booking/manage/x_y-z/")).toEqual({
      kind: "manage",
      token: "x_y-z",
    });
    expect(bookingPathOf("/carrier-booking/")).toBeNull();
    expect(bookingPathOf("/carrier-booking/a/b")).toBeNull();
    expect(bookingPathOf("/check-in/abc")).toBeNull();
  });
});
