import { describe, expect, it } from "vitest";
import { autoAcceptsUpdates } from "../../pwa/update-policy";
import { safeRedirect } from "./safe-redirect";

describe("safeRedirect", () => {
  it.each([
    ["/trucks?page=2", "/trucks?page=2"],
    ["/truck/12", "/truck/12"],
    [undefined, "/dashboard"],
    ["", "/dashboard"],
    ["https://evil.example/", "/dashboard"],
    ["//evil.example/path", "/dashboard"],
    ["/\\evil.example", "/dashboard"],
    ["javascript:alert(1)", "/dashboard"],
    ["/login?redirect=%2Ftrucks", "/dashboard"],
  ])("%j -> %s", (target, expected) => {
    expect(safeRedirect(target)).toBe(expected);
  });
});

describe("autoAcceptsUpdates", () => {
  it("lets kiosk displays take new versions on their own", () => {
    expect(autoAcceptsUpdates(["kiosk"])).toBe(true);
    expect(autoAcceptsUpdates(["kioskReceptions"])).toBe(true);
    expect(autoAcceptsUpdates(["office", "kiosk"])).toBe(true);
  });
  it("asks everybody else", () => {
    expect(autoAcceptsUpdates(["admin"])).toBe(false);
    expect(autoAcceptsUpdates(["readOnly"])).toBe(false);
    expect(autoAcceptsUpdates([])).toBe(false);
  });
});
