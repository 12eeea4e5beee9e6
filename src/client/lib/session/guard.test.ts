import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleKey } from "../../../shared/roles";
import { authUser, company, mockApi } from "../../test-utils";
import { setApiBase } from "../http";
import { guardPrivateRoute, resetProfileAge } from "./guard";
import { reloadSessionState } from "./session-store";

function signIn(roles: RoleKey[]) {
  localStorage.setItem("jwt", "J");
  localStorage.setItem("refresh", "R");
  localStorage.setItem("company", "1");
  localStorage.setItem("group", JSON.stringify(company()));
  localStorage.setItem("user", JSON.stringify(authUser(roles)));
  reloadSessionState();
}

beforeEach(() => {
  setApiBase("http://localhost/");
  resetProfileAge();
  reloadSessionState();
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe("guardPrivateRoute", () => {
  it("sends a visitor without a session to /login with the requested path", async () => {
    expect(await guardPrivateRoute("/trucks", "/trucks?page=2")).toEqual({
      redirect: "/login?redirect=%2Ftrucks%3Fpage%3D2",
    });
  });

  it("refreshes the profile and applies the role rules with the fresh roles", async () => {
    signIn(["admin"]);
    // The server now says the user is a guard: only trucks.
    const requests = mockApi({ "GET /api/user/auth": () => ({ body: authUser(["guardia"]) }) });
    expect(await guardPrivateRoute("/dashboard", "/dashboard")).toEqual({ redirect: "/trucks" });
    expect(requests.map((r) => r.path)).toEqual(["/api/user/auth"]);
    expect(await guardPrivateRoute("/trucks", "/trucks")).toEqual({ allow: true });
  });

  it.each([
    [["admin"], "/bi", { allow: true }],
    [["kiosk"], "/dashboard", { redirect: "/expeditions" }],
    [["kioskReceptions"], "/trucks", { redirect: "/receptions" }],
    [["truckAccess"], "/dashboard", { redirect: "/truck-system" }],
    [["client"], "/trucks", { redirect: "/dashboard" }],
    [["forklift"], "/truck/3", { redirect: "/trucks" }],
    [["warehouseResp"], "/truck", { allow: true }],
    [["client"], "/expedition", { redirect: "/expeditions" }],
    [["client"], "/expedition/5", { allow: true }],
  ] satisfies [RoleKey[], string, unknown][])("%j on %s -> %j", async (roles, path, expected) => {
    signIn(roles);
    mockApi({ "GET /api/user/auth": () => ({ body: authUser(roles) }) });
    expect(await guardPrivateRoute(path, path)).toEqual(expected);
  });

  it("logs out when the server rejects the profile", async () => {
    signIn(["admin"]);
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    mockApi({
      "GET /api/user/auth": () => ({ status: 403, body: { code: "forbidden", message: "no" } }),
    });
    expect(await guardPrivateRoute("/dashboard", "/dashboard")).toEqual({ redirect: "/login" });
    expect(localStorage.getItem("jwt")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("keeps the stored profile when the server cannot be reached (offline start)", async () => {
    signIn(["kiosk"]);
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await guardPrivateRoute("/trucks", "/trucks")).toEqual({ redirect: "/expeditions" });
    expect(localStorage.getItem("jwt")).toBe("J");
  });

  it("reuses a profile fetched moments ago", async () => {
    signIn(["admin"]);
    const requests = mockApi({ "GET /api/user/auth": () => ({ body: authUser(["admin"]) }) });
    await guardPrivateRoute("/trucks", "/trucks", 1_000_000);
    await guardPrivateRoute("/trucks", "/trucks?page=2", 1_005_000);
    expect(requests).toHaveLength(1);
    await guardPrivateRoute("/trucks", "/trucks?page=3", 1_020_000);
    expect(requests).toHaveLength(2);
  });
});
