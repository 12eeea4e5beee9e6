import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { ApiKey, ApiKeyCreated } from "../../../../shared/contract/api-keys";
import { hashApiKey } from "../../../auth/api-key";
import { PLAIN, TRW } from "../../../db/demo-data";
import { apiKeys } from "../../../db/schema/integrations";
import { type Caller, callerFor } from "../../../test/api-caller";
import { createTestApp, type TestApp } from "../../../test/harness";
import { insertLine } from "../../../test/shipments";

/** API keys (issue 28): created once, stored hashed, the key's role, revoke and expiry. */
let t: TestApp;
let plain: number;
let admin: Caller;
let office: Caller;
const EXPEDITION = 1;
const READY = 10;

beforeAll(async () => {
  t = await createTestApp();
  plain = await t.companyId(PLAIN);
  admin = await callerFor(t, "admin", plain);
  office = await callerFor(t, "office", plain);
});
afterAll(async () => {
  await t?.close();
});

async function createKey(role: string, extra: Record<string, unknown> = {}) {
  const response = await admin("POST", "/api/api-key", { name: `ERP ${role}`, role, ...extra });
  expect(response.statusCode, response.body).toBe(201);
  return response.json<ApiKeyCreated>();
}

function withKey(key: string, headers: Record<string, string> = {}) {
  return (method: "GET" | "PATCH" | "POST" | "DELETE", url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Api-Key ${key}`, ...headers },
      ...(payload ? { payload } : {}),
    });
}

describe("API keys", () => {
  it("are shown once, stored as a hash, and act for their company with their role", async () => {
    const created = await createKey("office");
    expect(created.key).toMatch(/^yl_[A-Za-z0-9_-]{43}$/);
    expect(created.prefix).toBe(created.key.slice(0, 10));
    const [stored] = await t.app.db.select().from(apiKeys).where(eq(apiKeys.id, created.id));
    expect(stored?.tokenHash).toBe(hashApiKey(created.key));
    expect(JSON.stringify(stored)).not.toContain(created.key);
    const listed = (await admin("GET", "/api/api-key")).json<Record<string, unknown>[]>();
    expect(listed.find((row) => row.id === created.id)).not.toHaveProperty("key");

    const erp = withKey(created.key);
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    const read = await erp("GET", `/api/expedition/${id}`);
    expect(read.statusCode, read.body).toBe(200);
    const patched = await erp("PATCH", `/api/expedition/${id}`, { status: READY });
    expect(patched.statusCode, patched.body).toBe(200);
    const used = (await admin("GET", "/api/api-key")).json<ApiKey[]>();
    expect(used.find((row) => row.id === created.id)?.last_used_at).not.toBeNull();
  });

  it("are limited by their role, and never manage integrations", async () => {
    const readOnly = withKey((await createKey("readOnly")).key);
    const id = await insertLine(t.app.db, plain, EXPEDITION);
    expect((await readOnly("GET", `/api/expedition/${id}`)).statusCode).toBe(200);
    expect((await readOnly("PATCH", `/api/expedition/${id}`, { status: READY })).statusCode).toBe(
      403,
    );
    expect((await readOnly("DELETE", `/api/expedition/${id}`)).statusCode).toBe(403);
    const adminKey = withKey((await createKey("admin")).key);
    expect((await adminKey("GET", "/api/api-key")).statusCode).toBe(403);
    expect(
      (await adminKey("POST", "/api/api-key", { name: "more", role: "admin" })).statusCode,
    ).toBe(403);
    expect((await adminKey("GET", "/api/webhook")).statusCode).toBe(403);
  });

  it("work only for their own company", async () => {
    const trw = await t.companyId(TRW);
    const key = (await createKey("office")).key;
    expect(
      (await withKey(key, { company: String(trw) })("GET", "/api/expedition")).statusCode,
    ).toBe(403);
    expect(
      (await withKey(key, { company: String(plain) })("GET", "/api/expedition")).statusCode,
    ).toBe(200);
  });

  it("stop working at once when revoked, and after their expiry", async () => {
    const created = await createKey("office");
    const erp = withKey(created.key);
    expect((await erp("GET", "/api/expedition")).statusCode).toBe(200);
    expect((await admin("DELETE", `/api/api-key/${created.id}`)).statusCode).toBe(204);
    const refused = await erp("GET", "/api/expedition");
    expect(refused.statusCode).toBe(401);
    expect(refused.json().code).toBe("token_not_valid");
    expect((await admin("DELETE", `/api/api-key/${created.id}`)).statusCode).toBe(404);

    const expiring = await createKey("office", {
      expires_at: new Date(Date.now() + 3_600_000).toISOString(),
    });
    const later = withKey(expiring.key);
    expect((await later("GET", "/api/expedition")).statusCode).toBe(200);
    await t.app.db
      .update(apiKeys)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(apiKeys.id, expiring.id));
    expect((await later("GET", "/api/expedition")).statusCode).toBe(401);
  });

  it("refuse an expiry in the past, an unknown role, and callers who are not admins", async () => {
    const past = await admin("POST", "/api/api-key", {
      name: "old",
      role: "office",
      expires_at: "2020-01-01T00:00:00Z",
    });
    expect(past.statusCode).toBe(400);
    expect((await admin("POST", "/api/api-key", { name: "x", role: "client" })).statusCode).toBe(
      400,
    );
    expect((await office("POST", "/api/api-key", { name: "x", role: "office" })).statusCode).toBe(
      403,
    );
    expect((await withKey("yl_not-a-key")("GET", "/api/expedition")).statusCode).toBe(401);
  });

  it("are documented in the OpenAPI document", async () => {
    const doc = (await t.app.inject({ url: "/api/docs/json" })).json();
    expect(doc.components.securitySchemes.apiKeyAuth).toMatchObject({
      type: "apiKey",
      in: "header",
      name: "Authorization",
    });
    expect(doc.paths["/api/expedition"].get.security).toContainEqual({ apiKeyAuth: [] });
  });
});
