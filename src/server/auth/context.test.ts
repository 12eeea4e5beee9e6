import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BW, KL, PLAIN, TRW } from "../db/demo-data";
import { memberships, userRoles, users } from "../db/schema/users";
import { createTestApp, type TestApp } from "../test/harness";
import { loadAuthContext } from "./context";

/**
 * The request context is one query (auth/context.ts), kept by the instance until something it
 * was read from changes (auth/context-cache.ts, migration 0028): every change to the session,
 * the user, a membership or a role is seen by the very next request.
 */
let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

const me = (token: string, company?: string) =>
  t.app.inject({
    url: "/api/user/auth",
    headers: company === undefined ? t.headers(token) : { ...t.headers(token), company },
  });

function claimsOf(jwt: string): { userId: number; sessionId: string } {
  const [, payload = ""] = jwt.split(".");
  const claims = JSON.parse(Buffer.from(payload, "base64url").toString("utf8"));
  return { userId: Number(claims.sub), sessionId: String(claims.sid) };
}

async function userId(username: string): Promise<number> {
  const [row] = await t.app.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.username, username));
  if (!row) throw new Error(username);
  return row.id;
}

describe("request context in one query", () => {
  it("loads user, first group, roles and client limits", async () => {
    const { access } = await t.login("client");
    const plain = await t.companyId(PLAIN);
    const trw = await t.companyId(TRW);
    const found = await loadAuthContext(t.app.db, claimsOf(access), undefined);
    expect(found.kind).toBe("ok");
    if (found.kind !== "ok") return;
    expect(found.auth.user.username).toBe("client");
    expect(found.auth.company).toMatchObject({ id: plain, name: PLAIN, is_trw: false });
    expect(found.auth.roles).toEqual(["client"]);
    expect(found.auth.clientIds).toHaveLength(2);
    const inTrw = await loadAuthContext(t.app.db, claimsOf(access), trw);
    expect(inTrw.kind === "ok" && inTrw.auth.company.is_trw).toBe(true);
    const trwClients = inTrw.kind === "ok" ? inTrw.auth.clientIds : [];
    expect(trwClients).toHaveLength(2);
    expect(trwClients.some((id) => found.auth.clientIds.includes(id))).toBe(false);
  });

  it("403 for a company the user is not in, exactly as for one that does not exist", async () => {
    const { access } = await t.login("warehouse");
    const kl = await t.companyId(KL);
    for (const company of [String(kl), "999999"]) {
      const response = await me(access, company);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({
        code: "forbidden",
        message: "You do not have access to this company",
      });
    }
  });

  it("400 for a malformed company header, but 401 first when the token is dead", async () => {
    const { access } = await t.login("kiosk");
    const bad = await me(access, "abc");
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe("validation_error");
    expect(bad.json().fields).toHaveProperty("company");
    expect((await me(access, "")).statusCode).toBe(200);
    expect((await me(access, "null")).statusCode).toBe(200);

    // No body: the access token alone names the session.
    const out = await t.app.inject({
      method: "POST",
      url: "/jwt/logout",
      headers: t.headers(access),
    });
    expect(out.statusCode, out.body).toBe(204);
    const dead = await me(access, "abc");
    expect(dead.statusCode).toBe(401);
    expect(dead.json().code).toBe("token_not_valid");
  });

  it("token_not_valid as soon as the user is deactivated", async () => {
    const { access } = await t.login("provider");
    expect((await me(access)).statusCode).toBe(200);
    await t.app.db.update(users).set({ isActive: false }).where(eq(users.username, "provider"));
    try {
      const response = await me(access);
      expect(response.statusCode).toBe(401);
      expect(response.json().code).toBe("token_not_valid");
    } finally {
      await t.app.db.update(users).set({ isActive: true }).where(eq(users.username, "provider"));
    }
    expect((await me(access)).statusCode).toBe(200);
  });

  it("sees membership and role changes on the very next request", async () => {
    const { access } = await t.login("guard");
    const id = await userId("guard");
    const bw = await t.companyId(BW);
    expect((await me(access, String(bw))).statusCode).toBe(403);

    await t.app.db.insert(memberships).values({ userId: id, companyId: bw, ordering: -1 });
    await t.app.db.insert(userRoles).values({ userId: id, companyId: bw, role: "office" });
    const joined = await me(access, String(bw));
    expect(joined.statusCode).toBe(200);
    expect(joined.json().roles.map((role: { name: string }) => role.name)).toEqual(["office"]);
    // The new membership sorts first: it is the default company now.
    const first = await loadAuthContext(t.app.db, claimsOf(access), undefined);
    expect(first.kind === "ok" && first.auth.company.id).toBe(bw);

    await t.app.db
      .delete(memberships)
      .where(and(eq(memberships.userId, id), eq(memberships.companyId, bw)));
    expect((await me(access, String(bw))).statusCode).toBe(403);
    expect((await me(access)).statusCode).toBe(200);
  });

  it("a password change ends the user's other sessions at once", async () => {
    const other = await t.login("carretillero");
    const current = await t.login("carretillero");
    const id = claimsOf(current.access).userId;
    const change = await t.app.inject({
      method: "POST",
      url: `/api/user/${id}/change_password`,
      headers: t.headers(current.access),
      payload: { old_password: "yardline", new_password: "another-password-1" },
    });
    expect(change.statusCode, change.body).toBe(200);
    expect((await me(current.access)).statusCode).toBe(200);
    expect((await me(other.access)).json().code).toBe("token_not_valid");
  });
});
