import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RoleKey } from "../../../shared/roles";
import { authUser, company, mockApi } from "../../test-utils";
import { setApiBase } from "../http";
import { guardPrivateRoute, resetProfileAge } from "./guard";
import { getSessionState, reloadSessionState } from "./session-store";

function signIn(roles: RoleKey[]) {
  localStorage.setItem("jwt", "J");
  localStorage.setItem("refresh", "R");
  localStorage.setItem("company", "1");
  localStorage.setItem("group", JSON.stringify(company()));
  localStorage.setItem("user", JSON.stringify(authUser(roles)));
  reloadSessionState();
}

beforeEach(() => {
  vi.spyOn(console, "error").mockImplementation(() => undefined);
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
    expect(requests.map((r) => r.path).sort()).toEqual(["/api/company/1", "/api/user/auth"]);
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

  it("opens critical lines only in trw companies (issue 25)", async () => {
    signIn(["admin"]);
    mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["admin"]) }),
      "GET /api/company/1": () => ({ body: company({ is_trw: false }) }),
    });
    expect(await guardPrivateRoute("/critical-lines", "/critical-lines")).toEqual({
      redirect: "/dashboard",
    });
    expect(await guardPrivateRoute("/critical-line", "/critical-line")).toEqual({
      redirect: "/dashboard",
    });
    resetProfileAge();
    mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["admin"]) }),
      "GET /api/company/1": () => ({ body: company({ is_trw: true }) }),
    });
    expect(await guardPrivateRoute("/critical-lines", "/critical-lines")).toEqual({ allow: true });
  });

  it("logs out when the server rejects the profile", async () => {
    signIn(["admin"]);
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

  it("loads the company's flags once per page load", async () => {
    signIn(["admin"]);
    const requests = mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["admin"]) }),
      "GET /api/company/1": () => ({ body: company({ is_trw: true, code: "kl" }) }),
    });
    await guardPrivateRoute("/dashboard", "/dashboard", 1_000_000);
    expect(getSessionState().company).toMatchObject({ is_trw: true, code: "kl" });
    await guardPrivateRoute("/dashboard", "/dashboard", 2_000_000);
    expect(requests.filter((r) => r.path === "/api/company/1")).toHaveLength(1);
    expect(requests.filter((r) => r.path === "/api/user/auth")).toHaveLength(2);
  });

  it("turns the company flags off when the company fetch is refused", async () => {
    signIn(["admin"]);
    localStorage.setItem("group", JSON.stringify(company({ is_trw: true, lang_pt: true })));
    reloadSessionState();
    mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["admin"]) }),
      "GET /api/company/1": () => ({ status: 403, body: { code: "forbidden", message: "no" } }),
    });
    await guardPrivateRoute("/dashboard", "/dashboard");
    expect(getSessionState().company).toMatchObject({ is_trw: false, lang_pt: false });
  });

  it("reuses a profile fetched moments ago", async () => {
    signIn(["admin"]);
    const requests = mockApi({ "GET /api/user/auth": () => ({ body: authUser(["admin"]) }) });
    const profileFetches = () => requests.filter((r) => r.path === "/api/user/auth").length;
    await guardPrivateRoute("/trucks", "/trucks", 1_000_000);
    await guardPrivateRoute("/trucks", "/trucks?page=2", 1_005_000);
    expect(profileFetches()).toBe(1);
    await guardPrivateRoute("/trucks", "/trucks?page=3", 1_020_000);
    expect(profileFetches()).toBe(2);
  });
});
