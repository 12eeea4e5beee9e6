import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { sessions } from "../../db/schema/sessions";
import { createTestApp, type TestApp } from "../../test/harness";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string) => t.app.inject({ url: "/api/user/auth", headers: t.headers(token) });
const refresh = (token: string) =>
  t.app.inject({ method: "POST", url: "/jwt/refresh-token", payload: { refresh: token } });
const logout = (options: { access?: string; refresh?: string; payload?: unknown }) =>
  t.app.inject({
    method: "POST",
    url: "/jwt/logout",
    headers: options.access ? { authorization: `Bearer ${options.access}` } : {},
    payload: options.payload ?? (options.refresh ? { refresh: options.refresh } : {}),
  });

function sessionIdOf(jwt: string): string {
  const [, payload = ""] = jwt.split(".");
  return String(JSON.parse(Buffer.from(payload, "base64url").toString("utf8")).sid);
}

describe("POST /jwt/logout", () => {
  it("with the access token: the token dies at once, and so does the refresh family", async () => {
    const tablet = await t.login("forklift");
    const rotated = (await refresh(tablet.refresh)).json();
    expect((await me(rotated.access)).statusCode).toBe(200);

    const response = await logout({ access: rotated.access });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe("");

    // The next request with the previous user's token is refused (shared tablet).
    for (const access of [rotated.access, tablet.access]) {
      const after = await me(access);
      expect(after.statusCode).toBe(401);
      expect(after.json().code).toBe("token_not_valid");
    }
    expect((await refresh(rotated.refresh)).json().code).toBe("token_not_valid");
    const [row] = await t.app.db
      .select({ reason: sessions.revokedReason, at: sessions.revokedAt })
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(tablet.access)));
    expect(row?.reason).toBe("logout");
    expect(row?.at).toBeInstanceOf(Date);
  });

  it("with the refresh token only: ends that session and no other of the user", async () => {
    const phone = await t.login("warehouse");
    const desk = await t.login("warehouse");
    expect((await logout({ refresh: phone.refresh })).statusCode).toBe(204);
    expect((await me(phone.access)).json().code).toBe("token_not_valid");
    expect((await refresh(phone.refresh)).statusCode).toBe(401);
    expect((await me(desk.access)).statusCode).toBe(200);
    expect((await refresh(desk.refresh)).statusCode).toBe(200);
  });

  it("is idempotent: logging out an ended session again answers 204", async () => {
    const session = await t.login("kiosk");
    expect((await logout({ access: session.access, refresh: session.refresh })).statusCode).toBe(
      204,
    );
    expect((await logout({ refresh: session.refresh })).statusCode).toBe(204);
    const [row] = await t.app.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(session.access)));
    expect(row?.reason).toBe("logout");
  });

  it("keeps a session revoked for reuse marked as such", async () => {
    const first = await t.login("guard");
    await refresh(first.refresh);
    await refresh(first.refresh); // replay: the family is revoked for reuse
    expect((await logout({ refresh: first.refresh })).statusCode).toBe(204);
    const [row] = await t.app.db
      .select({ reason: sessions.revokedReason })
      .from(sessions)
      .where(eq(sessions.id, sessionIdOf(first.access)));
    expect(row?.reason).toBe("reuse");
  });

  it("answers 401 without a token, and token_not_valid for tokens it cannot place", async () => {
    const none = await logout({});
    expect(none.statusCode).toBe(401);
    expect(none.json().code).toBe("not_authenticated");
    for (const response of [
      await logout({ refresh: "not-a-real-token" }),
      await logout({ access: "garbage" }),
    ]) {
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    }
  });

  it("validates the body", async () => {
    const response = await logout({ payload: { refresh: 42 } });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty("refresh");
  });

  it("is documented in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json();
    const operation = doc.paths["/jwt/logout"]?.post;
    expect(operation?.summary).toMatch(/log out/i);
    expect(Object.keys(operation?.responses ?? {})).toEqual(
      expect.arrayContaining(["204", "400", "401"]),
    );
  });
});
