import { describe, expect, it } from "vitest";
import { checkInTokenOf } from "./check-in-path";

describe("checkInTokenOf (main.tsx draws /check-in/{token} without the app)", () => {
  it("reads the token of a self check-in path", () => {
    expect(checkInTokenOf("/check-in/abcDEF123_-xyz456789")).toBe("abcDEF123_-xyz456789");
    expect(checkInTokenOf("/check-in/abcDEF123_-xyz456789/")).toBe("abcDEF123_-xyz456789");
  });

  it("leaves every other path to the app", () => {
    for (const path of ["/", "/check-in", "/check-in/", "/check-in/a/b", "/truck-system"]) {
      expect(checkInTokenOf(path), path).toBeNull();
    }
  });

  it("keeps a malformed escape as it is (the server says the page does not exist)", () => {
    expect(checkInTokenOf("/check-in/%E0%A4%A")).toBe("%E0%A4%A");
  });
});
