import { afterEach, describe, expect, it, vi } from "vitest";
import { AuthUser } from "../../../shared/contract/auth";
import { setAuthUser } from "./session-store";
import { currentUserType, subscribeUserType } from "./user-type";

const mexico = AuthUser.parse({
  user: {
    id: 15,
    username: "mexico",
    first_name: "Miguel",
    last_name: "Méndez",
    email: "",
    groups: [{ id: 4, name: "BW Warehousing" }],
  },
  roles: [{ id: 2, name: "office", description: "Office" }],
  clients: [],
  user_type: "mexico",
});

afterEach(() => {
  setAuthUser(null);
  localStorage.clear();
});

describe("the user type beside the session store (lib/i18n reads it)", () => {
  it("follows the session store and tells its listeners once per change", () => {
    const heard: (string | undefined)[] = [];
    const stop = subscribeUserType(() => heard.push(currentUserType()));
    setAuthUser(mexico);
    setAuthUser(mexico);
    expect(currentUserType()).toBe("mexico");
    setAuthUser(null);
    stop();
    setAuthUser(mexico);
    expect(heard).toEqual(["mexico", undefined]);
  });

  it("reads the stored user's type before the session store loads (the login screen)", async () => {
    localStorage.setItem("user", JSON.stringify(mexico));
    vi.resetModules();
    const alone = await import("./user-type");
    expect(alone.currentUserType()).toBe("mexico");
    localStorage.setItem("user", "{not json");
    vi.resetModules();
    expect((await import("./user-type")).currentUserType()).toBeUndefined();
    localStorage.setItem("user", JSON.stringify({ user_type: 3 }));
    vi.resetModules();
    expect((await import("./user-type")).currentUserType()).toBeUndefined();
  });

  it("counts a stored user the contract refuses as no user once the store loads", async () => {
    localStorage.setItem("user", JSON.stringify({ user_type: "mexico" }));
    vi.resetModules();
    const userType = await import("./user-type");
    expect(userType.currentUserType()).toBe("mexico");
    await import("./session-store");
    expect(userType.currentUserType()).toBeUndefined();
  });
});
