import { describe, expect, it } from "vitest";
import { isKioskUser } from "../../../shared/roles";
import { KIOSK_ROTATION } from "../../../shared/routes";
import { KIOSK_ORDER, KIOSK_PAGES, kioskSearch } from "./kiosk-pages";
import { nextPage, rotationFor } from "./rotation";

/** Every page built, as it will be once the placeholders are replaced. */
const ALL_BUILT = Object.fromEntries(
  Object.keys(KIOSK_PAGES).map((name) => [name, { exists: true }]),
) as Record<keyof typeof KIOSK_PAGES, { exists: boolean }>;

describe("kiosk pages", () => {
  it("follow the spec's rotation order", () => {
    expect(KIOSK_ORDER).toEqual(KIOSK_ROTATION);
  });

  it("placeholders do not exist yet", () => {
    expect(KIOSK_ORDER.filter((name) => KIOSK_PAGES[name].exists)).toEqual([
      "trucks",
      "expeditions",
      "receptions",
    ]);
  });

  it("lists show the given day", () => {
    expect(kioskSearch("expeditions", "2025-03-04")).toEqual({
      booked_date_after: "2025-03-04",
      booked_date_before: "2025-03-04",
    });
    expect(kioskSearch("trucks", "2025-03-04")).toEqual({
      register_date_after: "2025-03-04",
      register_date_before: "2025-03-04",
    });
    expect(kioskSearch("alerts", "2025-03-04")).toEqual({});
  });
});

describe("isKioskUser", () => {
  it("is true for kiosk and kiosk-receptions only", () => {
    expect(isKioskUser(["kiosk"])).toBe(true);
    expect(isKioskUser(["kioskReceptions"])).toBe(true);
    expect(isKioskUser(["admin"])).toBe(false);
    expect(isKioskUser([])).toBe(false);
  });
});

describe("rotationFor", () => {
  it("kiosk: expeditions only today (critical lines is a placeholder)", () => {
    expect(rotationFor(["kiosk"])).toEqual(["expeditions"]);
  });

  it("kiosk: expeditions then critical lines once it exists (the guard skips the rest)", () => {
    expect(rotationFor(["kiosk"], ALL_BUILT)).toEqual(["expeditions", "critical-lines"]);
  });

  it("kiosk receptions: receptions only, whatever exists", () => {
    expect(rotationFor(["kioskReceptions"])).toEqual(["receptions"]);
    expect(rotationFor(["kioskReceptions"], ALL_BUILT)).toEqual(["receptions"]);
  });

  it("a role the guard lets everywhere gets the full order of the built pages", () => {
    expect(rotationFor(["admin"])).toEqual(["trucks", "expeditions", "receptions"]);
    expect(rotationFor(["admin"], ALL_BUILT)).toEqual(KIOSK_ROTATION);
  });

  it("skips what the guard refuses (a guard: trucks only)", () => {
    expect(rotationFor(["guardia"], ALL_BUILT)).toEqual(["trucks"]);
  });
});

describe("nextPage", () => {
  const rotation = ["trucks", "expeditions", "receptions"] as const;

  it("advances in order and wraps around", () => {
    expect(nextPage(rotation, "/trucks")).toBe("expeditions");
    expect(nextPage(rotation, "/expeditions")).toBe("receptions");
    expect(nextPage(rotation, "/receptions")).toBe("trucks");
  });

  it("starts at the first page from anywhere else", () => {
    expect(nextPage(rotation, "/dashboard")).toBe("trucks");
    expect(nextPage(rotation, "/login")).toBe("trucks");
  });

  it("stays on a one-page rotation, and has nothing for an empty one", () => {
    expect(nextPage(["expeditions"], "/expeditions")).toBe("expeditions");
    expect(nextPage([], "/expeditions")).toBeNull();
  });
});
