import { randomUUID } from "node:crypto";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { AuthUser } from "../../../../shared/contract/auth";
import type { HistoryEntry } from "../../../../shared/contract/shipments";
import type { AdminUser, CompanyRole } from "../../../../shared/contract/users";
import { KL, PLAIN, TRW } from "../../../db/demo-data";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";

/** api/user administration and api/role: every rule of issue 14. */

let t: TestApp;
let plain: number;
let trw: number;
let kl: number;
let admin: Caller;
let adminTrw: Caller;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  trw = await t.companyId(TRW);
  kl = await t.companyId(KL);
  admin = await callerFor(t, "admin", plain);
  adminTrw = await callerFor(t, "admin", trw);
});
afterAll(async () => {
  await t?.close();
});

let counter = 0;
function newUser(overrides: Record<string, unknown> = {}) {
  counter += 1;
  return {
    username: `new.user${counter}`,
    first_name: "Nuria",
    last_name: "Nueva",
    email: `new${counter}@yardline.example`,
    password: "a-good-password",
    roles: ["office"],
    ...overrides,
  };
}

async function create(caller: Caller, body: Record<string, unknown>): Promise<AdminUser> {
  const response = await caller("POST", "/api/user", body);
  expect(response.statusCode, response.body).toBe(201);
  return response.json<AdminUser>();
}

async function profile(username: string, password: string, companyId: number) {
  const { token } = await t.login(username, password);
  const response = await t.app.inject({
    url: "/api/user/auth",
    headers: t.headers(token, companyId),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json<AuthUser>();
}

describe("api/role", () => {
  it("lists the roles with the company's ids and what the caller may give", async () => {
    const inPlain = (await admin("GET", "/api/role")).json<CompanyRole[]>();
    const inTrw = (await adminTrw("GET", "/api/role")).json<CompanyRole[]>();
    expect(inPlain.find((role) => role.name === "truckAccess")?.id).toBe(10);
    expect(inTrw.find((role) => role.name === "truckAccess")?.id).toBe(14);
    expect(inPlain.every((role) => role.assignable)).toBe(true);
    const office = await callerFor(t, "office", plain);
    const offered = (await office("GET", "/api/role")).json<CompanyRole[]>();
    expect(offered.find((role) => role.name === "admin")?.assignable).toBe(false);
    expect(offered.find((role) => role.name === "kiosk")?.assignable).toBe(true);
  });
});

describe("api/user", () => {
  it("creates a user who logs in with the role's rights; lists, reads and pages", async () => {
    const made = await create(adminTrw, newUser({ username: "kiosk.wall", roles: ["kiosk"] }));
    expect(made).toMatchObject({ username: "kiosk.wall", companies: [trw], is_active: true });
    expect(made.roles).toEqual([{ id: 4, name: "kiosk", description: "kiosk" }]);
    expect(made).not.toHaveProperty("password");
    const me = await profile("kiosk.wall", "a-good-password", trw);
    expect(me.roles.map((role) => role.name)).toEqual(["kiosk"]);
    expect(me.user.groups.map((group) => group.id)).toEqual([trw]);

    const page = (await adminTrw("GET", "/api/user?page_size=3")).json<{
      count: number;
      next: string | null;
      results: AdminUser[];
    }>();
    expect(page.results).toHaveLength(3);
    expect(page.next).toBe("http://localhost:80/api/user?page_size=3&page=2");
    const names = page.results.map((user) => user.username);
    expect([...names].sort()).toEqual(names);
    const read = await adminTrw("GET", `/api/user/${made.id}`);
    expect(read.statusCode).toBe(200);
    // Not a member of the plain company: not found there.
    expect((await admin("GET", `/api/user/${made.id}`)).statusCode).toBe(404);
  });

  it("validates: a role, a password of 8 or more, a free username", async () => {
    const noRole = await admin("POST", "/api/user", newUser({ roles: [] }));
    expect(noRole.statusCode).toBe(400);
    expect(noRole.json().fields).toHaveProperty("roles");
    const short = await admin("POST", "/api/user", newUser({ password: "short" }));
    expect(short.statusCode).toBe(400);
    expect(Object.keys(short.json().fields)).toEqual(["password"]);
    const unknownRole = await admin("POST", "/api/user", newUser({ roles: ["superuser"] }));
    expect(unknownRole.statusCode).toBe(400);
    const taken = await admin("POST", "/api/user", newUser({ username: "Office" }));
    expect(taken.statusCode).toBe(409);
    expect(taken.json().fields).toHaveProperty("username");
    const badClient = await admin("POST", "/api/user", newUser({ clients: [999999] }));
    expect(badClient.statusCode).toBe(400);
  });

  it("needs addExp to add and delete users", async () => {
    for (const username of ["client", "forklift", "kiosk", "readonly"]) {
      const caller = await callerFor(t, username, plain);
      const add = await caller("POST", "/api/user", newUser({ roles: ["readOnly"] }));
      expect(add.statusCode, username).toBe(403);
    }
    const target = await create(admin, newUser({ roles: ["readOnly"] }));
    const client = await callerFor(t, "client", plain);
    expect((await client("DELETE", `/api/user/${target.id}`)).statusCode).toBe(403);
    expect((await client("GET", "/api/user")).statusCode).toBe(403);
  });

  it("gives no more than the giver holds, and only in the giver's companies", async () => {
    const office = await callerFor(t, "office", plain);
    const raise = await office("POST", "/api/user", newUser({ roles: ["admin"] }));
    expect(raise.statusCode).toBe(403);
    expect(raise.json().fields).toHaveProperty("roles");
    const fine = await create(office, newUser({ roles: ["warehouseResp"] }));
    expect(fine.roles.map((role) => role.name)).toEqual(["warehouseResp"]);

    // warehouse belongs to the plain and TRW companies only.
    const warehouse = await callerFor(t, "warehouse", plain);
    const elsewhere = await warehouse(
      "POST",
      "/api/user",
      newUser({ roles: ["kiosk"], companies: [plain, kl] }),
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().fields).toHaveProperty("companies");
    const both = await create(warehouse, newUser({ roles: ["kiosk"], companies: [plain, trw] }));
    expect(both.companies).toEqual([plain, trw]);
    // No company at all, or not the one the request acts for: a 400, never a 500 (fuzz).
    for (const companies of [[], [trw]]) {
      const refused = await warehouse(
        "POST",
        "/api/user",
        newUser({ roles: ["kiosk"], companies }),
      );
      expect(refused.statusCode).toBe(400);
      expect(refused.json().fields).toHaveProperty("companies");
    }

    // Nobody changes their own roles, nor those of someone stronger.
    const officeId = (await profile("office", "yardline", plain)).user.id;
    const self = await office("PATCH", `/api/user/${officeId}`, { roles: ["admin"] });
    expect(self.statusCode).toBe(403);
    const adminId = (await profile("admin", "yardline", plain)).user.id;
    const demote = await office("PATCH", `/api/user/${adminId}`, { roles: ["readOnly"] });
    expect(demote.statusCode).toBe(403);
    expect((await office("DELETE", `/api/user/${adminId}`)).statusCode).toBe(403);
  });

  it("changes roles (If-Match optional) and the next profile shows them", async () => {
    const user = await create(admin, newUser({ username: "role.changer", roles: ["readOnly"] }));
    expect((await profile("role.changer", "a-good-password", plain)).roles[0]?.name).toBe(
      "readOnly",
    );
    const stale = await admin(
      "PATCH",
      `/api/user/${user.id}`,
      { roles: ["office"] },
      {
        "if-match": `"${user.version + 5}"`,
      },
    );
    expect(stale.statusCode).toBe(412);
    const changed = await admin(
      "PATCH",
      `/api/user/${user.id}`,
      { roles: ["office", "kiosk"] },
      {
        "if-match": `"${user.version}"`,
      },
    );
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json<AdminUser>().roles.map((role) => role.name)).toEqual(["kiosk", "office"]);
    const after = await profile("role.changer", "a-good-password", plain);
    expect(after.roles.map((role) => role.name)).toEqual(["kiosk", "office"]);
  });

  it("deletes: never oneself; the user is gone from the company, their history still named", async () => {
    const adminId = (await profile("admin", "yardline", plain)).user.id;
    expect((await admin("DELETE", `/api/user/${adminId}`)).statusCode).toBe(403);

    const leaver = await create(admin, newUser({ username: "leaver", roles: ["office"] }));
    const { token } = await t.login("leaver", "a-good-password");
    const leaverCaller = (method: "GET" | "PATCH", url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        ...(payload ? { payload } : {}),
        headers: { ...t.headers(token, plain), "idempotency-key": randomUUID() },
      });
    const line = await insertLine(t.app.db, plain, 1);
    const patched = await leaverCaller("PATCH", `/api/expedition/${line}`, { status: 10 });
    expect(patched.statusCode, patched.body).toBe(200);

    expect((await admin("DELETE", `/api/user/${leaver.id}`)).statusCode).toBe(204);
    expect((await admin("GET", `/api/user/${leaver.id}`)).statusCode).toBe(404);
    const listed = (await admin("GET", "/api/user?page_size=1000")).json<{
      results: AdminUser[];
    }>();
    expect(listed.results.some((user) => user.id === leaver.id)).toBe(false);
    // Signed out of that company at once, and, without companies left, unable to log in.
    expect((await leaverCaller("GET", "/api/user/auth")).statusCode).toBeGreaterThanOrEqual(401);
    const login = await t.app.inject({
      method: "POST",
      url: "/get-token",
      payload: { username: "leaver", password: "a-good-password" },
    });
    expect(login.statusCode).toBe(401);

    const history = (await admin("GET", `/api/historic?shipment=${line}`)).json<{
      results: HistoryEntry[];
    }>();
    expect(history.results[0]?.user?.username).toBe("leaver");
  });
});
