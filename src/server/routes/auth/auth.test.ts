import { eq } from "drizzle-orm";
import { SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hashRefreshToken } from "../../auth/sessions";
import { hashPassword } from "../../crypto/password";
import { refreshTokens, sessions } from "../../db/schema/sessions";
import { users } from "../../db/schema/users";
import { createTestApp, TEST_JWT_SECRET, type TestApp } from "../../test/harness";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (authorization: string | undefined) =>
  t.app.inject({
    url: "/api/user/auth",
    headers: authorization === undefined ? {} : { authorization },
  });

const refresh = (token: string) =>
  t.app.inject({ method: "POST", url: "/jwt/refresh-token", payload: { refresh: token } });

function decodePayload(jwt: string): Record<string, unknown> {
  const [, payload = ""] = jwt.split(".");
  return JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
}

describe("POST /get-token", () => {
  it("returns token === access (a 24 h JWT) and an opaque refresh token", async () => {
    const before = Math.floor(Date.now() / 1000);
    const body = await t.login("office");
    expect(body.token).toBe(body.access);
    expect(body.refresh).toMatch(/^[\w-]{43}$/);
    const claims = decodePayload(body.access);
    expect(claims.sub).toBe(String((await me(`Bearer ${body.access}`)).json().user.id));
    expect(Number(claims.exp) - Number(claims.iat)).toBe(24 * 3600);
    expect(Number(claims.iat)).toBeGreaterThanOrEqual(before);
  });

  it("answers 401 invalid_credentials alike for a wrong password and an unknown user", async () => {
    const wrong = await t.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "office", password: "nope" },
    });
    const unknown = await t.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "nobody-here", password: "yardline" },
    });
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({
        code: "invalid_credentials",
        message: "Unable to log in with the provided credentials",
      });
    }
  });

  it("refuses an inactive user even with the right password", async () => {
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.username, "readonly"));
    const response = await t.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "readonly", password: "yardline" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("invalid_credentials");
    await t.app.db.update(users).set({ isActive: true }).where(eq(users.username, "readonly"));
  });

  it("validates the body: 400 validation_error naming each missing field", async () => {
    const response = await t.app.inject({ method: "POST", url: "/get-token", payload: {} });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_error");
    expect(Object.keys(body.fields).sort()).toEqual(["password", "username"]);
    expect(body.fields.username[0]).toEqual(expect.any(String));
  });

  it("upgrades a hash made with weaker parameters at login", async () => {
    const weak = await hashPassword("yardline", 9);
    await t.app.db.update(users).set({ passwordHash: weak }).where(eq(users.username, "planner"));
    await t.login("planner");
    const [row] = await t.app.db
      .select({ hash: users.passwordHash })
      .from(users)
      .where(eq(users.username, "planner"));
    expect(row?.hash.startsWith(`scrypt$${t.config.passwordHashCost}$`)).toBe(true);
    await t.login("planner");
  });
});

describe("Authorization header", () => {
  it("accepts both the Token and the Bearer scheme, in any case", async () => {
    const { token } = await t.login("warehouse");
    for (const header of [`Token ${token}`, `Bearer ${token}`, `bearer ${token}`]) {
      const response = await me(header);
      expect(response.statusCode).toBe(200);
      expect(response.json().user.username).toBe("warehouse");
    }
  });

  it("answers 401 not_authenticated without a header", async () => {
    const response = await me(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_authenticated");
    expect(response.headers["www-authenticate"]).toContain("Bearer");
  });

  it("answers 401 token_not_valid for garbage, other schemes and forged signatures", async () => {
    const { token } = await t.login("warehouse");
    const forged = await new SignJWT({ sid: decodePayload(token).sid, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(decodePayload(token).sub))
      .setIssuer("yardline")
      .setExpirationTime("1h")
      .sign(new TextEncoder().encode("another-secret-another-secret-another-secret"));
    const unsigned = `${token.split(".").slice(0, 2).join(".")}.`;
    for (const header of [
      "Bearer garbage",
      "Token a.b.c",
      `Basic ${token}`,
      `Bearer ${token} extra`,
      `Bearer ${forged}`,
      `Bearer ${unsigned}`,
    ]) {
      const response = await me(header);
      expect(response.statusCode, header).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    }
  });

  it("answers 401 token_not_valid for an expired token", async () => {
    const { token } = await t.login("warehouse");
    const claims = decodePayload(token);
    const now = Math.floor(Date.now() / 1000);
    const expired = await new SignJWT({ sid: claims.sid, typ: "access" })
      .setProtectedHeader({ alg: "HS256" })
      .setSubject(String(claims.sub))
      .setIssuer("yardline")
      .setIssuedAt(now - 90_000)
      .setExpirationTime(now - 3600)
      .sign(new TextEncoder().encode(TEST_JWT_SECRET));
    expect((await me(`Bearer ${token}`)).statusCode).toBe(200);
    const response = await me(`Bearer ${expired}`);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("token_not_valid");
  });

  it("answers 401 token_not_valid once the session is revoked", async () => {
    const { token } = await t.login("forklift");
    expect((await me(`Token ${token}`)).statusCode).toBe(200);
    const sid = String(decodePayload(token).sid);
    await t.app.db.update(sessions).set({ revokedAt: new Date() }).where(eq(sessions.id, sid));
    const response = await me(`Token ${token}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ code: "token_not_valid", message: expect.any(String) });
  });
});

describe("POST /jwt/refresh-token", () => {
  it("rotates: a new access and refresh token, both working", async () => {
    const first = await t.login("kiosk");
    const response = await refresh(first.refresh);
    expect(response.statusCode).toBe(200);
    const rotated = response.json();
    expect(Object.keys(rotated).sort()).toEqual(["access", "refresh"]);
    expect(rotated.refresh).not.toBe(first.refresh);
    expect(decodePayload(rotated.access).sid).toBe(decodePayload(first.access).sid);
    expect((await me(`Bearer ${rotated.access}`)).json().user.username).toBe("kiosk");
    expect((await refresh(rotated.refresh)).statusCode).toBe(200);
  });

  it("rejects a reused refresh token and revokes its whole family", async () => {
    const first = await t.login("client");
    const second = (await refresh(first.refresh)).json();
    const reuse = await refresh(first.refresh);
    expect(reuse.statusCode).toBe(401);
    expect(reuse.json().code).toBe("token_not_valid");
    // The thief's replay ended the session: the legitimate newer tokens die with it.
    expect((await refresh(second.refresh)).json().code).toBe("token_not_valid");
    expect((await me(`Bearer ${second.access}`)).json().code).toBe("token_not_valid");
    expect((await me(`Bearer ${first.access}`)).statusCode).toBe(401);
    const [session] = await t.app.db
      .select()
      .from(sessions)
      .where(eq(sessions.id, String(decodePayload(first.access).sid)));
    expect(session?.revokedReason).toBe("reuse");
    // Another login of the same user is a separate family and keeps working.
    const other = await t.login("client");
    expect((await refresh(other.refresh)).statusCode).toBe(200);
  });

  it("rejects unknown and expired refresh tokens", async () => {
    expect((await refresh("not-a-real-token")).json().code).toBe("token_not_valid");
    const { refresh: token } = await t.login("guard");
    await t.app.db
      .update(refreshTokens)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(refreshTokens.tokenHash, hashRefreshToken(token)));
    const response = await refresh(token);
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("token_not_valid");
  });

  it("stores refresh tokens only as hashes", async () => {
    const { refresh: token } = await t.login("provider");
    const rows = await t.app.db.select({ hash: refreshTokens.tokenHash }).from(refreshTokens);
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.some((row) => row.hash === token)).toBe(false);
    expect(rows.every((row) => /^[0-9a-f]{64}$/.test(row.hash))).toBe(true);
  });

  it("validates the body", async () => {
    const response = await t.app.inject({ method: "POST", url: "/jwt/refresh-token", payload: {} });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty("refresh");
  });
});
