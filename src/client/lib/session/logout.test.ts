import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi } from "../../test-utils";
import { setApiBase } from "../http";
import { notify } from "../notices";
import { appStore, noticesAtom } from "../store";
import { retryLogoutsWhenOnline, retryPendingLogouts } from "./server-logout";
import { logout } from "./session";
import { reloadSessionState } from "./session-store";

/** Lets the background logout request run to its end. */
const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

function signIn(jwt: string, refresh: string) {
  localStorage.setItem("jwt", jwt);
  localStorage.setItem("token", jwt);
  localStorage.setItem("refresh", refresh);
}

beforeEach(() => {
  setApiBase("http://localhost/");
  localStorage.clear();
  reloadSessionState();
});

afterEach(() => {
  vi.unstubAllGlobals();
  appStore.set(noticesAtom, []);
});

describe("logout", () => {
  it("clears the previous user's notices", () => {
    mockApi({ "POST /jwt/logout": () => ({ status: 204 }) });
    notify("error", "ERROR", "Shipment 12 could not be saved");
    notify("success", "Saved");
    expect(appStore.get(noticesAtom)).toHaveLength(2);
    logout();
    expect(appStore.get(noticesAtom)).toEqual([]);
    // A notice of the next user is not cut short by the previous user's timers.
    notify("info", "Welcome");
    expect(appStore.get(noticesAtom).map((notice) => notice.title)).toEqual(["Welcome"]);
  });

  it("asks the server to end the session with both tokens, not through token renewal", async () => {
    const recorded = mockApi({ "POST /jwt/logout": () => ({ status: 204 }) });
    signIn("jwt-1", "refresh-1");
    logout();
    expect(localStorage.getItem("jwt")).toBeNull();
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    await settle();
    expect(recorded[0]?.headers.get("authorization")).toBe("Bearer jwt-1");
    expect(recorded[0]?.headers.get("company")).toBeNull();
    expect(recorded[0]?.body).toEqual({ refresh: "refresh-1" });
    expect(localStorage.getItem("logout-pending")).toBeNull();
  });

  it("works offline, and the server hears it once the device is back online", async () => {
    const offline = vi.fn(async () => {
      throw new TypeError("Failed to fetch");
    });
    vi.stubGlobal("fetch", offline);
    signIn("jwt-2", "refresh-2");
    logout();
    expect(localStorage.getItem("refresh")).toBeNull();
    await vi.waitFor(() => expect(localStorage.getItem("logout-pending")).not.toBeNull());
    expect(offline).toHaveBeenCalled();
    expect(JSON.parse(localStorage.getItem("logout-pending") ?? "[]")).toEqual(["refresh-2"]);

    const recorded = mockApi({ "POST /jwt/logout": () => ({ status: 204 }) });
    // The app listens for the network's return (app.tsx); so does this test, until its end.
    const stop = retryLogoutsWhenOnline();
    try {
      window.dispatchEvent(new Event("online"));
      // The event alone sends it; retryPendingLogouts() then joins the run under way.
      await vi.waitFor(() => expect(recorded).toHaveLength(1));
      await retryPendingLogouts();
    } finally {
      stop();
    }
    expect(recorded.map((request) => request.body)).toEqual([{ refresh: "refresh-2" }]);
    expect(localStorage.getItem("logout-pending")).toBeNull();
  });

  it("forgets a logout the server refused (the session had already ended)", async () => {
    const recorded = mockApi({
      "POST /jwt/logout": () => ({
        status: 401,
        body: { code: "token_not_valid", message: "Token is invalid or expired" },
      }),
    });
    signIn("jwt-3", "refresh-3");
    logout();
    await vi.waitFor(() => expect(recorded).toHaveLength(1));
    await settle();
    expect(localStorage.getItem("logout-pending")).toBeNull();
  });
});
