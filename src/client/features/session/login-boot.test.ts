import { describe, expect, it } from "vitest";
import { loginBootPath } from "./login-boot";

const at = (path: string) => {
  const url = new URL(path, "http://localhost");
  return { pathname: url.pathname, search: url.search, hash: url.hash };
};

describe("loginBootPath: which first loads draw the standalone login screen", () => {
  it("takes /login with or without a redirect, signed in or not", () => {
    expect(loginBootPath(at("/login"), false)).toBe("/login");
    expect(loginBootPath(at("/login?redirect=%2Ftrucks"), true)).toBe("/login?redirect=%2Ftrucks");
  });

  it("sends a private page without a session to /login with the page, as the guard does", () => {
    expect(loginBootPath(at("/trucks?page=2"), false)).toBe("/login?redirect=%2Ftrucks%3Fpage%3D2");
    expect(loginBootPath(at("/truck/12"), false)).toBe("/login?redirect=%2Ftruck%2F12");
    expect(loginBootPath(at("/dashboard"), false)).toBe("/login?redirect=%2Fdashboard");
  });

  it("leaves single sign-on, sessions, public and unknown pages to the router", () => {
    expect(loginBootPath(at("/login?token=a&refresh=b"), false)).toBeNull();
    expect(loginBootPath(at("/login?token=a"), false)).toBeNull();
    expect(loginBootPath(at("/dashboard"), true)).toBeNull();
    expect(loginBootPath(at("/"), false)).toBeNull();
    expect(loginBootPath(at("/contact"), false)).toBeNull();
    expect(loginBootPath(at("/no-such-page"), false)).toBeNull();
    expect(loginBootPath(at("/login/"), false)).toBeNull();
  });
});
