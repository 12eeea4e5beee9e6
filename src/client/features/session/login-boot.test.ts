import { describe, expect, it } from "vitest";
import { isLoginBoot } from "./login-boot";

describe("isLoginBoot: which first loads draw the standalone login screen", () => {
  it("takes /login with or without a redirect", () => {
    expect(isLoginBoot({ pathname: "/login", search: "" })).toBe(true);
    expect(isLoginBoot({ pathname: "/login", search: "?redirect=%2Ftrucks" })).toBe(true);
  });

  it("leaves single sign-on and every other path to the router", () => {
    expect(isLoginBoot({ pathname: "/login", search: "?token=a&refresh=b" })).toBe(false);
    expect(isLoginBoot({ pathname: "/login", search: "?token=a" })).toBe(false);
    expect(isLoginBoot({ pathname: "/dashboard", search: "" })).toBe(false);
    expect(isLoginBoot({ pathname: "/", search: "" })).toBe(false);
    expect(isLoginBoot({ pathname: "/login/", search: "" })).toBe(false);
  });
});
