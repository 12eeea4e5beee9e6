import { describe, expect, it } from "vitest";
import { isKioskUser } from "../../../shared/roles";
import { KIOSK_ROTATION } from "../../../shared/routes";
import { KIOSK_ORDER, KIOSK_PAGES, kioskSearch } from "./kiosk-pages";
import { nextStop, type OnScreen, rotationFor } from "./rotation";

/** Every page built, as it will be once the placeholders are replaced. */
const ALL_BUILT = Object.fromEntries(
  Object.keys(KIOSK_PAGES).map((name) => [name, { exists: true }]),
) as Record<keyof typeof KIOSK_PAGES, { exists: boolean }>;

describe("kiosk pages", () => {
  it("follow the spec's rotation order", () => {
    expect(KIOSK_ORDER).toEqual(KIOSK_ROTATION);
  });

  it("every page is built", () => {
    expect(KIOSK_ORDER.filter((name) => KIOSK_PAGES[name].exists)).toEqual(KIOSK_ROTATION);
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
  it("kiosk: expeditions, the walls and critical lines", () => {
    expect(rotationFor(["kiosk"], true)).toEqual([
      "expeditions",
      "indicators",
      "alerts",
      "critical-lines",
    ]);
  });

  it("kiosk: expeditions then critical lines once it exists (the guard skips the rest)", () => {
    expect(rotationFor(["kiosk"], true, ALL_BUILT)).toEqual([
      "expeditions",
      "indicators",
      "alerts",
      "critical-lines",
    ]);
  });

  it("kiosk outside trw companies: no critical lines (they are trw companies', issue 25)", () => {
    expect(rotationFor(["kiosk"], false)).toEqual(["expeditions", "indicators", "alerts"]);
  });

  it("kiosk receptions: receptions and the walls (indicators, alerts)", () => {
    expect(rotationFor(["kioskReceptions"], true)).toEqual(["receptions", "indicators", "alerts"]);
    expect(rotationFor(["kioskReceptions"], true, ALL_BUILT)).toEqual([
      "receptions",
      "indicators",
      "alerts",
    ]);
  });

  it("a role the guard lets everywhere gets the full order of the built pages", () => {
    expect(rotationFor(["admin"], true)).toEqual(KIOSK_ROTATION);
    expect(rotationFor(["admin"], true, ALL_BUILT)).toEqual(KIOSK_ROTATION);
  });

  it("skips what the guard refuses (a guard: trucks only)", () => {
    expect(rotationFor(["guardia"], true, ALL_BUILT)).toEqual(["trucks"]);
  });
});

/** The screen on `pathname`, page `page` of a list with `pageCount` pages. */
const screen = (pathname: string, page = 1, pageCount: number | null = 1): OnScreen => ({
  pathname,
  page,
  pageCount,
});

describe("nextStop", () => {
  const rotation = ["trucks", "expeditions", "receptions"] as const;

  it("advances in order and wraps around", () => {
    expect(nextStop(rotation, screen("/trucks"))).toEqual({ name: "expeditions", page: 1 });
    expect(nextStop(rotation, screen("/expeditions"))).toEqual({ name: "receptions", page: 1 });
    expect(nextStop(rotation, screen("/receptions"))).toEqual({ name: "trucks", page: 1 });
  });

  it("shows every page of a list before the next list", () => {
    expect(nextStop(rotation, screen("/expeditions", 1, 3))).toEqual({
      name: "expeditions",
      page: 2,
    });
    expect(nextStop(rotation, screen("/expeditions", 2, 3))).toEqual({
      name: "expeditions",
      page: 3,
    });
    expect(nextStop(rotation, screen("/expeditions", 3, 3))).toEqual({
      name: "receptions",
      page: 1,
    });
  });

  it("moves on when the list shrank below the page on screen, or reports no pages", () => {
    expect(nextStop(rotation, screen("/expeditions", 4, 2))).toEqual({
      name: "receptions",
      page: 1,
    });
    expect(nextStop(rotation, screen("/expeditions", 1, 0))).toEqual({
      name: "receptions",
      page: 1,
    });
    expect(nextStop(rotation, screen("/expeditions", 1, null))).toEqual({
      name: "receptions",
      page: 1,
    });
  });

  it("starts at the first page from anywhere else, whatever that page reports", () => {
    expect(nextStop(rotation, screen("/dashboard", 1, 5))).toEqual({ name: "trucks", page: 1 });
    expect(nextStop(rotation, screen("/login"))).toEqual({ name: "trucks", page: 1 });
  });

  it("stays on a one-page rotation, and has nothing for an empty one", () => {
    expect(nextStop(["expeditions"], screen("/expeditions"))).toEqual({
      name: "expeditions",
      page: 1,
    });
    expect(nextStop([], screen("/expeditions"))).toBeNull();
  });
});
