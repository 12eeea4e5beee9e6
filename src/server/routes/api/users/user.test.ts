import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../../../shared/contract/auth";
import { KL, PLAIN, TRW } from "../../../db/demo-data";
import { createTestApp, type TestApp } from "../../../test/harness";

let t: TestApp;
let plain: number;
let trw: number;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
});
afterAll(async () => {
  await t?.close();
});

async function authUser(username: string, companyId?: number): Promise<AuthUser> {
  const { token } = await t.login(username);
  const response = await t.app.inject({
    url: "/api/user/auth",
    headers: t.headers(token, companyId),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthUser>();
}

describe("GET /api/user/auth", () => {
  it("describes the admin: all four groups in order, admin role id 5", async () => {
    const body = await authUser("admin");
    expect(body.user).toMatchObject({
      username: "admin",
      first_name: "Ada",
      last_name: "Admin",
      email: "admin@yardline.example",
    });
    expect(body.user.groups.map((group) => group.name)).toEqual([
      "Yardline Demo",
      "TRW Logistics",
      "KL Components",
      "BW Warehousing",
    ]);
    expect(body.roles).toEqual([{ id: 5, name: "admin", description: "admin" }]);
    expect(body.clients).toEqual([]);
    expect(body.user_type).toBe("default");
    expect(body.user).not.toHaveProperty("password_hash");
  });

  it("gives role ids for the company in the header (truckAccess: 10, or 14 when trw)", async () => {
    const inPlain = await authUser("truckaccess", plain);
    const inTrw = await authUser("truckaccess", trw);
    expect(inPlain.roles).toEqual([{ id: 10, name: "truckAccess", description: "acceso-camion" }]);
    expect(inTrw.roles).toEqual([{ id: 14, name: "truckAccess", description: "acceso-camion" }]);
    // Without the header: the first group (the plain company).
    expect((await authUser("truckaccess")).roles[0]?.id).toBe(10);
  });

  it("lists the client user's clients of the current company only", async () => {
    const inPlain = await authUser("client", plain);
    const inTrw = await authUser("client", trw);
    expect(inPlain.clients).toHaveLength(2);
    expect(inTrw.clients).toHaveLength(2);
    expect(inPlain.clients.some((id) => inTrw.clients.includes(id))).toBe(false);
    expect(inPlain.roles.map((role) => role.name)).toEqual(["client"]);
  });

  it("reports the mexico user type", async () => {
    const body = await authUser("mexico");
    expect(body.user_type).toBe("mexico");
    expect(body.roles.map((role) => role.name)).toEqual(["office"]);
  });

  it("refuses a company the user does not belong to", async () => {
    const { token } = await t.login("warehouse");
    const response = await t.app.inject({
      url: "/api/user/auth",
      headers: t.headers(token, await t.companyId(KL)),
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("forbidden");
  });
});

describe("POST /api/user/:id/change_password", () => {
  const change = (token: string, id: number, body: Record<string, unknown>) =>
    t.app.inject({
      method: "POST",
      url: `/api/user/${id}/change_password`,
      headers: t.headers(token),
      payload: body,
    });

  it("rejects a wrong old password with fields.old_password and changes nothing", async () => {
    const { token } = await t.login("officeperson");
    const id = (await authUser("officeperson")).user.id;
    const response = await change(token, id, {
      old_password: "not-it",
      new_password: "brand-new-pass",
    });
    expect(response.statusCode).toBe(400);
    const body = response.json();
    expect(body.code).toBe("validation_error");
    expect(body.fields.old_password).toEqual(["Wrong password"]);
    await t.login("officeperson");
  });

  it("changes the password: the new one works, the old one no longer does", async () => {
    const current = await t.login("carretillero");
    const other = await t.login("carretillero");
    const id = (await authUser("carretillero")).user.id;
    const response = await change(current.token, id, {
      old_password: "yardline",
      new_password: "forklifts-rule-42",
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ detail: "Successfully saved new password" });

    const old = await t.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "carretillero", password: "yardline" },
    });
    expect(old.statusCode).toBe(401);
    await t.login("carretillero", "forklifts-rule-42");

    // This session stays signed in; the other session is signed out everywhere.
    const mine = await t.app.inject({ url: "/api/user/auth", headers: t.headers(current.token) });
    expect(mine.statusCode).toBe(200);
    const theirs = await t.app.inject({ url: "/api/user/auth", headers: t.headers(other.token) });
    expect(theirs.json().code).toBe("token_not_valid");
    const theirRefresh = await t.app.inject({
      method: "POST",
      url: "/jwt/refresh-token",
      payload: { refresh: other.refresh },
    });
    expect(theirRefresh.statusCode).toBe(401);
    const myRefresh = await t.app.inject({
      method: "POST",
      url: "/jwt/refresh-token",
      payload: { refresh: current.refresh },
    });
    expect(myRefresh.statusCode).toBe(200);
  });

  it("only lets users change their own password", async () => {
    const { token } = await t.login("office");
    const adminId = (await authUser("admin")).user.id;
    const response = await change(token, adminId, {
      old_password: "yardline",
      new_password: "taking-over-admin",
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe("forbidden");
    await t.login("admin");
  });

  it("validates the new password and the id", async () => {
    const { token } = await t.login("kioskrec");
    const id = (await authUser("kioskrec")).user.id;
    const short = await change(token, id, { old_password: "yardline", new_password: "short" });
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fields)).toEqual(["new_password"]);
    const same = await change(token, id, { old_password: "yardline", new_password: "yardline" });
    expect(same.statusCode).toBe(400);
    expect(same.json().fields).toHaveProperty("new_password");
    const badId = await change(token, Number.NaN, { old_password: "a", new_password: "bbbbbbbb" });
    expect(badId.statusCode).toBe(400);
    expect(badId.json().fields).toHaveProperty("id");
  });

  it("requires authentication", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/user/1/change_password",
      payload: { old_password: "yardline", new_password: "whatever-123" },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe("not_authenticated");
  });
});
