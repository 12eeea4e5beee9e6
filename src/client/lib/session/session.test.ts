import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { authUser, company, jwtExpiringIn, mockApi } from "../../test-utils";
import { http, setApiBase } from "../http";
import { SESSION_KEYS } from "../storage";
import {
  endSession,
  isSingleSignOn,
  login,
  loginWithTokens,
  logout,
  logoutSingleSignOn,
  pickGroup,
  renewTokens,
  setSessionEndedHandler,
} from "./session";
import { getSessionState, reloadSessionState } from "./session-store";
import { checkSession } from "./use-session-keeper";

const HOUR = 3_600_000;
const GROUPS = [
  { id: 1, name: "Yardline Demo" },
  { id: 2, name: "TRW Logistics" },
];

/** navigator.locks that runs callbacks one at a time, recording the lock names. */
function fakeLocks() {
  const names: string[] = [];
  let tail: Promise<unknown> = Promise.resolve();
  const request = (name: string, callback: () => Promise<unknown>) => {
    names.push(name);
    const run = tail.then(callback);
    tail = run.catch(() => undefined);
    return run;
  };
  Object.defineProperty(navigator, "locks", { value: { request }, configurable: true });
  return names;
}

beforeEach(() => {
  setApiBase("http://localhost/");
  reloadSessionState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  Reflect.deleteProperty(navigator, "locks");
});

describe("logout", () => {
  it("clears exactly the session keys and keeps the language and anything else", () => {
    for (const key of SESSION_KEYS) localStorage.setItem(key, `value-${key}`);
    localStorage.setItem("lang", "pt");
    localStorage.setItem("bw-date-filter", "today");
    logout();
    expect(SESSION_KEYS).toEqual(["user", "token", "jwt", "refresh", "group", "company", "sso"]);
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem("lang")).toBe("pt");
    expect(localStorage.getItem("bw-date-filter")).toBe("today");
    expect(getSessionState()).toEqual({ auth: null, company: null });
  });

  it("endSession logs out and hands over to the router", () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    localStorage.setItem("jwt", "x");
    endSession();
    expect(localStorage.getItem("jwt")).toBeNull();
    expect(ended).toHaveBeenCalledOnce();
  });
});

describe("pickGroup", () => {
  it("keeps the stored company while the user still belongs to it", () => {
    expect(pickGroup(GROUPS, "2")).toEqual(GROUPS[1]);
  });
  it("falls back to the first group", () => {
    expect(pickGroup(GROUPS, "99")).toEqual(GROUPS[0]);
    expect(pickGroup(GROUPS, null)).toEqual(GROUPS[0]);
    expect(pickGroup([], "1")).toBeNull();
  });
});

describe("login", () => {
  const tokens = { token: "T", access: "T", refresh: "R" };

  it("stores tokens, user and the first company with its flags", async () => {
    const trw = company({ id: 1, is_trw: true });
    const requests = mockApi({
      "POST /get-token": () => ({ body: tokens }),
      "GET /api/user/auth": () => ({ body: authUser(["admin"], GROUPS) }),
      "GET /api/company/1": () => ({ body: trw }),
    });
    const auth = await login("admin", "yardline");
    expect(auth.user.username).toBe("admin");
    expect(localStorage.getItem("token")).toBe("T");
    expect(localStorage.getItem("jwt")).toBe("T");
    expect(localStorage.getItem("refresh")).toBe("R");
    expect(localStorage.getItem("company")).toBe("1");
    expect(JSON.parse(localStorage.getItem("group") ?? "")).toEqual(trw);
    expect(getSessionState().company?.is_trw).toBe(true);
    // Token URLs carry no Authorization; the first auth call no company header.
    expect(requests[0]?.headers.get("authorization")).toBeNull();
    expect(requests[1]?.headers.get("authorization")).toBe("Bearer T");
    expect(requests[1]?.headers.get("company")).toBeNull();
  });

  it("keeps a stored company the user still belongs to, with roles for it", async () => {
    localStorage.setItem("company", "2");
    const requests = mockApi({
      "POST /get-token": () => ({ body: tokens }),
      "GET /api/user/auth": (request) => ({
        body: authUser(request.headers.get("company") === "2" ? ["office"] : ["admin"], GROUPS),
      }),
      "GET /api/company/2": () => ({ body: company({ id: 2, name: "TRW Logistics" }) }),
    });
    await login("admin", "yardline");
    expect(localStorage.getItem("company")).toBe("2");
    expect(getSessionState().auth?.roles.map((role) => role.name)).toEqual(["office"]);
    expect(requests.filter((r) => r.path === "/api/user/auth")).toHaveLength(2);
  });

  it("turns trw, repeat and langPt off when the company fetch fails", async () => {
    mockApi({
      "POST /get-token": () => ({ body: tokens }),
      "GET /api/user/auth": () => ({ body: authUser(["admin"], GROUPS) }),
      "GET /api/company/1": () => ({ status: 500, body: { code: "internal_error", message: "x" } }),
    });
    vi.spyOn(console, "error").mockImplementation(() => undefined);
    await login("admin", "yardline");
    expect(getSessionState().company).toEqual(company({ id: 1, name: "Yardline Demo" }));
  });

  it("rethrows a wrong password and stores nothing", async () => {
    mockApi({
      "POST /get-token": () => ({
        status: 401,
        body: { code: "invalid_credentials", message: "Wrong username or password" },
      }),
    });
    await expect(login("admin", "nope")).rejects.toMatchObject({ code: "invalid_credentials" });
    for (const key of SESSION_KEYS) expect(localStorage.getItem(key)).toBeNull();
  });

  it("logs in from SSO tokens", async () => {
    mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["office"], GROUPS) }),
      "GET /api/company/1": () => ({ body: company() }),
    });
    await loginWithTokens("SSO", "SSO-R");
    expect(localStorage.getItem("jwt")).toBe("SSO");
    expect(localStorage.getItem("refresh")).toBe("SSO-R");
    expect(getSessionState().auth?.user.username).toBe("admin");
    expect(isSingleSignOn()).toBe(true);
  });

  it("ends an SSO session on the server, then leaves for sso/logout (the provider's)", async () => {
    const requests = mockApi({
      "GET /api/user/auth": () => ({ body: authUser(["office"], GROUPS) }),
      "GET /api/company/1": () => ({ body: company() }),
      "POST /jwt/logout": () => ({ status: 204 }),
    });
    await loginWithTokens("SSO", "SSO-R");
    const assign = vi.fn();
    vi.stubGlobal("location", { ...window.location, assign });
    await logoutSingleSignOn();
    expect(requests.map((request) => `${request.method} ${request.path}`)).toContain(
      "POST /jwt/logout",
    );
    expect(assign).toHaveBeenCalledWith("/sso/logout");
    expect(isSingleSignOn()).toBe(false);
    expect(localStorage.getItem("jwt")).toBeNull();
  });

  it("a password login is no SSO session", async () => {
    mockApi({
      "POST /get-token": () => ({ body: tokens }),
      "GET /api/user/auth": () => ({ body: authUser(["admin"], GROUPS) }),
      "GET /api/company/1": () => ({ body: company() }),
    });
    await login("admin", "yardline");
    expect(isSingleSignOn()).toBe(false);
  });

  it("clears the tokens again when the user fetch fails", async () => {
    mockApi({
      "POST /get-token": () => ({ body: tokens }),
      "GET /api/user/auth": () => ({ status: 403, body: { code: "forbidden", message: "no" } }),
    });
    await expect(login("admin", "yardline")).rejects.toMatchObject({ status: 403 });
    expect(localStorage.getItem("jwt")).toBeNull();
  });
});

describe("token renewal", () => {
  it("renews under the yardline-refresh lock and stores the rotated tokens", async () => {
    const locks = fakeLocks();
    localStorage.setItem("jwt", "old");
    localStorage.setItem("refresh", "R1");
    const requests = mockApi({
      "POST /jwt/refresh-token": () => ({ body: { access: "new", refresh: "R2" } }),
    });
    expect(await renewTokens("old")).toBe("renewed");
    expect(locks).toEqual(["yardline-refresh"]);
    expect(requests[0]?.body).toEqual({ refresh: "R1" });
    expect(localStorage.getItem("jwt")).toBe("new");
    expect(localStorage.getItem("token")).toBe("new");
    expect(localStorage.getItem("refresh")).toBe("R2");
  });

  it("does not reuse a refresh token another tab already rotated", async () => {
    fakeLocks();
    localStorage.setItem("jwt", "old");
    localStorage.setItem("refresh", "R1");
    let calls = 0;
    mockApi({
      "POST /jwt/refresh-token": () => {
        calls++;
        return { body: { access: `new${calls}`, refresh: `R${calls + 1}` } };
      },
    });
    // Two tabs saw the same expiring jwt; the second waits for the lock, then sees the new one.
    const results = await Promise.all([renewTokens("old"), renewTokens("old")]);
    expect(results).toEqual(["renewed", "renewed"]);
    expect(calls).toBe(1);
    expect(localStorage.getItem("refresh")).toBe("R2");
  });

  it("reports a revoked refresh token as invalid and a network failure as failed", async () => {
    localStorage.setItem("jwt", "old");
    localStorage.setItem("refresh", "R1");
    mockApi({
      "POST /jwt/refresh-token": () => ({
        status: 401,
        body: { code: "token_not_valid", message: "revoked" },
      }),
    });
    expect(await renewTokens("old")).toBe("invalid");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    expect(await renewTokens("old")).toBe("failed");
  });
});

describe("checkSession (every 60 s off the login page)", () => {
  it("leaves a token with more than 2.4 h left alone", async () => {
    localStorage.setItem("jwt", jwtExpiringIn(3 * HOUR));
    localStorage.setItem("refresh", "R1");
    const requests = mockApi({});
    await checkSession();
    expect(requests).toEqual([]);
  });

  it("renews a token that expires within 2.4 h", async () => {
    localStorage.setItem("jwt", jwtExpiringIn(2 * HOUR));
    localStorage.setItem("refresh", "R1");
    mockApi({ "POST /jwt/refresh-token": () => ({ body: { access: "fresh", refresh: "R2" } }) });
    await checkSession();
    expect(localStorage.getItem("jwt")).toBe("fresh");
  });

  it("ends the session when the refresh answers token_not_valid", async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    localStorage.setItem("jwt", jwtExpiringIn(HOUR));
    localStorage.setItem("refresh", "R1");
    localStorage.setItem("user", JSON.stringify(authUser(["admin"])));
    mockApi({
      "POST /jwt/refresh-token": () => ({
        status: 401,
        body: { code: "token_not_valid", message: "" },
      }),
    });
    await checkSession();
    expect(ended).toHaveBeenCalledOnce();
    expect(localStorage.getItem("jwt")).toBeNull();
    expect(localStorage.getItem("user")).toBeNull();
  });

  it("keeps the session when the server cannot be reached (next tick retries)", async () => {
    const ended = vi.fn();
    setSessionEndedHandler(ended);
    const jwt = jwtExpiringIn(HOUR);
    localStorage.setItem("jwt", jwt);
    localStorage.setItem("refresh", "R1");
    vi.stubGlobal("fetch", vi.fn().mockRejectedValue(new TypeError("Failed to fetch")));
    await checkSession();
    expect(ended).not.toHaveBeenCalled();
    expect(localStorage.getItem("jwt")).toBe(jwt);
  });
});

describe("an API call answering token_not_valid", () => {
  it("renews once and retries with the new token", async () => {
    localStorage.setItem("jwt", "expired");
    localStorage.setItem("refresh", "R1");
    const requests = mockApi({
      "POST /jwt/refresh-token": () => ({ body: { access: "fresh", refresh: "R2" } }),
      "GET /api/shipper": (request) =>
        request.headers.get("authorization") === "Bearer fresh"
          ? { body: { count: 0, results: [] } }
          : { status: 401, body: { code: "token_not_valid", message: "expired" } },
    });
    await expect(http.get("api/shipper")).resolves.toEqual({ count: 0, results: [] });
    expect(requests.map((r) => `${r.method} ${r.path}`)).toEqual([
      "GET /api/shipper",
      "POST /jwt/refresh-token",
      "GET /api/shipper",
    ]);
  });
});
