import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";

/** A route that fails the way a bug would, with details that must never reach the client. */
const failing: FastifyPluginAsyncZod = async (app) => {
  app.get("/probe/boom", async () => {
    throw new Error("connection to 10.0.0.7 failed: password authentication for yardline_admin");
  });
};

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({ extendApi: failing, config: { bodyLimit: 4096 } });
});
afterAll(async () => {
  await t?.close();
});

const postToken = (payload: string, contentType = "application/json") =>
  t.app.inject({
    method: "POST",
    url: "/get-token",
    payload,
    headers: { "content-type": contentType },
  });

describe("client mistakes are 4xx with the catalogue's shape, never 500", () => {
  it("malformed JSON: 400 validation_error on the body", async () => {
    const response = await postToken('{"username": "admin", "password": ');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      code: "validation_error",
      message: expect.any(String),
      fields: { body: ["Malformed JSON"] },
    });
  });

  it("empty JSON body and a JSON body that is not an object", async () => {
    const empty = await postToken("");
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toHaveProperty("body");
    const array = await postToken("[1,2]");
    expect(array.statusCode).toBe(400);
    expect(array.json().code).toBe("validation_error");
    expect(array.json().fields).toHaveProperty("body");
  });

  it("wrong types name the field", async () => {
    const response = await postToken(JSON.stringify({ username: 42, password: ["x"] }));
    expect(response.statusCode).toBe(400);
    const { fields } = response.json();
    expect(fields.username).toHaveLength(1);
    expect(fields.password).toHaveLength(1);
  });

  it("prototype pollution attempts are refused as malformed", async () => {
    const response = await postToken('{"username":"a","password":"b","__proto__":{"x":1}}');
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe("validation_error");
  });

  it("unsupported content types: 415", async () => {
    for (const type of ["text/plain", "application/xml", "application/x-www-form-urlencoded"]) {
      const response = await postToken("username=admin&password=yardline", type);
      expect(response.statusCode, type).toBe(415);
      expect(response.json()).toEqual({ code: "bad_request", message: expect.any(String) });
    }
  });

  it("a body over the limit: 413 payload_too_large", async () => {
    const huge = JSON.stringify({ username: "admin", password: "x".repeat(10_000) });
    const response = await postToken(huge);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({
      code: "payload_too_large",
      message: "Request body is too large",
    });
  });

  it("unknown API routes: 404 not_found, with or without a token", async () => {
    const { token } = await t.login("admin");
    for (const headers of [{}, t.headers(token)]) {
      const response = await t.app.inject({ url: "/api/no-such-thing", headers });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ code: "not_found", message: "Not found" });
    }
    const method = await t.app.inject({ method: "DELETE", url: "/get-token" });
    expect(method.statusCode).toBe(404);
    expect(method.json().code).toBe("not_found");
  });

  it("trailing slashes are accepted on API paths", async () => {
    const { token } = await t.login("admin");
    const response = await t.app.inject({ url: "/api/user/auth/", headers: t.headers(token) });
    expect(response.statusCode).toBe(200);
  });
});

describe("server faults", () => {
  it("answer 500 internal_error without leaking anything", async () => {
    const { token } = await t.login("admin");
    const response = await t.app.inject({ url: "/api/probe/boom", headers: t.headers(token) });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ code: "internal_error", message: "Internal server error" });
    expect(response.body).not.toContain("10.0.0.7");
    expect(response.body).not.toContain("stack");
  });
});
