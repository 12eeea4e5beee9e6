import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

let t: TestApp;
const WINDOW = 600;

beforeAll(async () => {
  t = await createTestApp({
    config: { rateLimit: { maxFailuresPerUser: 3, maxFailuresPerIp: 6, windowSeconds: WINDOW } },
  });
});
afterAll(async () => {
  await t?.close();
});

const attempt = (username: string, password: string, ip: string) =>
  t.app.inject({
    method: "POST",
    url: "/get-token",
    payload: { username, password },
    remoteAddress: ip,
  });

describe("login rate limits", () => {
  it("answers 429 rate_limited with Retry-After after N failures for a username and IP", async () => {
    const ip = "198.51.100.1";
    for (let i = 0; i < 3; i++) {
      expect((await attempt("office", "wrong", ip)).statusCode).toBe(401);
    }
    const limited = await attempt("office", "yardline", ip);
    expect(limited.statusCode).toBe(429);
    expect(limited.json()).toEqual({ code: "rate_limited", message: expect.any(String) });
    const retryAfter = Number(limited.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(WINDOW - 30);
    expect(retryAfter).toBeLessThanOrEqual(WINDOW);
    // The same user from another address is not locked out by someone else's guesses.
    expect((await attempt("office", "yardline", "198.51.100.2")).statusCode).toBe(200);
  });

  it("limits an address across usernames", async () => {
    const ip = "198.51.100.3";
    const names = ["warehouse", "forklift", "kiosk", "client", "guard", "provider"];
    for (const name of names) expect((await attempt(name, "wrong", ip)).statusCode).toBe(401);
    const limited = await attempt("planner", "yardline", ip);
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers["retry-after"])).toBeGreaterThan(0);
    expect((await attempt("planner", "yardline", "198.51.100.4")).statusCode).toBe(200);
  });

  it("counts unknown usernames too, and a success resets the username's counter", async () => {
    const ip = "198.51.100.5";
    expect((await attempt("ghost", "x", ip)).statusCode).toBe(401);
    expect((await attempt("ghost", "x", ip)).statusCode).toBe(401);
    expect((await attempt("ghost", "x", ip)).statusCode).toBe(401);
    expect((await attempt("ghost", "x", ip)).statusCode).toBe(429);

    const other = "198.51.100.6";
    await attempt("readonly", "wrong", other);
    await attempt("readonly", "wrong", other);
    expect((await attempt("readonly", "yardline", other)).statusCode).toBe(200);
    await attempt("readonly", "wrong", other);
    await attempt("readonly", "wrong", other);
    expect((await attempt("readonly", "yardline", other)).statusCode).toBe(200);
  });

  it("limits wrong old passwords on change_password as well", async () => {
    const { token } = await t.login("truckaccess");
    const id = (await t.app.inject({ url: "/api/user/auth", headers: t.headers(token) })).json()
      .user.id;
    const change = () =>
      t.app.inject({
        method: "POST",
        url: `/api/user/${id}/change_password`,
        headers: t.headers(token),
        payload: { old_password: "guess", new_password: "new-password-1" },
      });
    for (let i = 0; i < 3; i++) expect((await change()).statusCode).toBe(400);
    const limited = await change();
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
  });
});
