import { describe, expect, it } from "vitest";
import { ROLE_KEYS, type RoleKey } from "./roles";
import { DEFAULT_REDIRECT, forkliftHome, guardRedirect, loginRedirect } from "./route-guard";
import {
  PUBLIC_PAGE_PATHS,
  ROUTE_NAMES,
  ROUTE_PATHS,
  type RouteName,
  type RouteTarget,
  routeFromPath,
} from "./routes";

/** Every private route, once without and once with an id. */
const TARGETS: RouteTarget[] = ROUTE_NAMES.flatMap((name) => [{ name }, { name, id: "7" }]);
const show = (t: RouteTarget) => (t.id === undefined ? t.name : `${t.name}/${t.id}`);

const PLANNER_ROUTES: RouteName[] = [
  "expeditions",
  "add-expedition",
  "receptions",
  "add-reception",
  "critical-lines",
  "add-critical-line",
];

/** Spec 01 section 6, route guard: rules that allow a fixed set of routes. */
const RESTRICTED: [RoleKey, RouteName[], string][] = [
  ["truckAccess", ["truck-system"], "/truck-system"],
  ["kiosk", ["expeditions", "critical-lines", "indicators", "alerts"], "/expeditions"],
  ["kioskReceptions", ["receptions", "indicators", "alerts"], "/receptions"],
  ["plannerTrw", PLANNER_ROUTES, "/expeditions"],
  ["officePerson", [...PLANNER_ROUTES, "bi"], "/expeditions"],
  ["carretilleros", PLANNER_ROUTES, "/expeditions"],
  ["guardia", ["trucks", "trucks-sign-up"], "/trucks"],
  ["provider", ["receptions", "add-reception"], "/receptions"],
];

const TODAY = "2033-01-10";

const ALL_ROUTES: RoleKey[] = ["admin", "office", "warehouseResp"];

/** Roles that reach the "other roles" rule. */
const OTHER_ROLES: RoleKey[] = ["client", "forklift", "readOnly"];

describe("route guard (spec 01 section 6)", () => {
  it("has a rule for every role", () => {
    const covered = [...ALL_ROUTES, ...RESTRICTED.map(([role]) => role), ...OTHER_ROLES];
    expect([...covered].sort()).toEqual([...ROLE_KEYS].sort());
  });

  describe.each(ALL_ROUTES)("%s: all routes", (role) => {
    it.each(TARGETS.map((t) => [show(t), t] as const))("allows %s", (_name, target) => {
      expect(guardRedirect([role], target)).toBeNull();
    });
  });

  // Not in the spec: every signed-in user reviews the offline changes the server refused.
  it.each(ROLE_KEYS)("%s may open the sync issues list", (role) => {
    expect(guardRedirect([role], { name: "sync-issues" })).toBeNull();
  });

  describe.each(RESTRICTED)("%s: only %j, else %s", (role, allowed, fallback) => {
    it.each(TARGETS.map((t) => [show(t), t] as const))("%s", (_name, target) => {
      const expected =
        allowed.includes(target.name) || target.name === "sync-issues" ? null : fallback;
      expect(guardRedirect([role], target)).toBe(expected);
    });
  });

  describe("other roles (client, forklift and others)", () => {
    // [roles, route, id?, expected]
    const rows: [RoleKey[], RouteName, string | undefined, string | null][] = [];
    for (const roles of [["client"], ["forklift"], ["readOnly"], []] as RoleKey[][]) {
      const clientOrForklift = roles.includes("client") || roles.includes("forklift");
      const forklift = roles.includes("forklift");
      rows.push(
        [roles, "bi", undefined, "/dashboard"],
        [roles, "indicators", undefined, "/dashboard"],
        [roles, "board", undefined, "/dashboard"],
        [roles, "dock-settings", undefined, "/dashboard"],
        [roles, "trucks", undefined, clientOrForklift ? "/dashboard" : null],
        [roles, "trucks-sign-up", undefined, "/trucks"],
        [roles, "trucks-sign-up", "7", forklift ? "/trucks" : null],
        [roles, "add-expedition", undefined, "/expeditions"],
        [roles, "add-expedition", "7", null],
        [roles, "add-reception", undefined, "/receptions"],
        [roles, "add-reception", "7", null],
        [roles, "dashboard", undefined, forklift ? forkliftHome(TODAY) : null],
        [roles, "expeditions", undefined, null],
        [roles, "receptions", undefined, null],
        [roles, "critical-lines", undefined, null],
        [roles, "task-list", undefined, null],
      );
    }
    it.each(rows)("%j %s id=%s -> %s", (roles, name, id, expected) => {
      const target: RouteTarget = id === undefined ? { name } : { name, id };
      expect(guardRedirect(roles, target, TODAY)).toBe(expected);
    });

    it("opens a forklift driver's home menu on today's expeditions (issue 26)", () => {
      expect(guardRedirect(["forklift"], { name: "dashboard" }, TODAY)).toBe(
        "/expeditions?booked_date_after=2033-01-10&booked_date_before=2033-01-10&due=next",
      );
    });
  });

  describe("the first matching rule decides for multi-role users", () => {
    it.each([
      // [roles, route, expected]
      [["kiosk", "admin"], "users", null],
      [["provider", "office"], "trucks", null],
      [["truckAccess", "kiosk"], "expeditions", "/truck-system"],
      [["kiosk", "kioskReceptions"], "receptions", "/expeditions"],
      [["kioskReceptions", "plannerTrw"], "expeditions", "/receptions"],
      [["plannerTrw", "guardia"], "trucks", "/expeditions"],
      [["guardia", "provider"], "receptions", "/trucks"],
      [["provider", "client"], "add-reception", null],
      [["client", "provider"], "dashboard", "/receptions"],
      [["plannerTrw", "officePerson"], "bi", null],
      [["carretilleros", "forklift"], "bi", "/expeditions"],
      [["client", "readOnly"], "trucks", "/dashboard"],
      [["office", "forklift"], "board", null],
      [["warehouseResp"], "dock-settings", null],
    ] satisfies [RoleKey[], RouteName, string | null][])("%j %s -> %s", (roles, name, expected) => {
      expect(guardRedirect(roles, { name })).toBe(expected);
    });
  });

  it("defaults to /dashboard", () => {
    expect(DEFAULT_REDIRECT).toBe("/dashboard");
  });
});

describe("routeFromPath", () => {
  it.each(ROUTE_NAMES)("resolves %s with and without an id", (name) => {
    const path = ROUTE_PATHS[name];
    expect(routeFromPath(path)).toEqual({ name });
    expect(routeFromPath(`${path}/`)).toEqual({ name });
    expect(routeFromPath(`${path}/42`)).toEqual({ name, id: "42" });
  });

  it.each([
    ...PUBLIC_PAGE_PATHS,
    "",
    "/login",
    "/truck/1/extra",
    "/unknown",
    "/dashboards",
    "/trucksx/1",
  ])("returns null for %j", (path) => {
    expect(routeFromPath(path)).toBeNull();
  });

  it("maps the spec's paths to the guard's route names", () => {
    expect(routeFromPath("/truck/12")).toEqual({ name: "trucks-sign-up", id: "12" });
    expect(routeFromPath("/truck")).toEqual({ name: "trucks-sign-up" });
    expect(routeFromPath("/expedition")).toEqual({ name: "add-expedition" });
    expect(routeFromPath("/reception/3")).toEqual({ name: "add-reception", id: "3" });
    expect(routeFromPath("/critical-line")).toEqual({ name: "add-critical-line" });
  });
});

describe("loginRedirect", () => {
  it.each(["/trucks", "/truck/12", "/expeditions?page=2&client=a b", "/bi#x"])(
    "keeps %s in the redirect query",
    (path) => {
      const url = new URL(loginRedirect(path), "http://localhost");
      expect(url.pathname).toBe("/login");
      expect(url.searchParams.get("redirect")).toBe(path);
      expect(url.hash).toBe("");
    },
  );

  it("encodes the path", () => {
    expect(loginRedirect("/trucks?page=2")).toBe("/login?redirect=%2Ftrucks%3Fpage%3D2");
  });
});
