import { Writable } from "node:stream";
import { sql } from "drizzle-orm";
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
      field_codes: { body: [{ code: "invalid" }] },
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

describe("input the database cannot take is a 400 with field codes, never a 500", () => {
  let token: string;
  beforeAll(async () => {
    token = (await t.login("admin")).token;
  });
  const get = (url: string) => t.app.inject({ url, headers: t.headers(token) });

  it("a NUL or a lone surrogate in a filter: invalid_characters", async () => {
    const response = await get("/api/expedition?code=AB%00C");
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: "validation_error",
      field_codes: { code: [{ code: "invalid_characters" }] },
    });
    const surrogate = await t.app.inject({
      method: "POST",
      url: "/get-token",
      headers: { "content-type": "application/json" },
      payload: '{"username":"\\ud800admin","password":"x"}',
    });
    expect(surrogate.statusCode).toBe(400);
    expect(surrogate.json().field_codes).toEqual({ username: [{ code: "invalid_characters" }] });
  });

  it("a NUL in a body field: invalid_characters on that field", async () => {
    const response = await t.app.inject({
      method: "POST",
      url: "/api/shipper",
      headers: t.headers(token),
      payload: { plate: "1234ABC", name: "NUL\u0000TRUCK" },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().field_codes).toEqual({ name: [{ code: "invalid_characters" }] });
  });

  it("dates out of range or that do not exist: invalid_date", async () => {
    for (const bound of ["0000-01-01", "9999-12-31T23:59:59Z", "2024-02-30", "2024-01-01T24:00"]) {
      const response = await get(`/api/shipper?register_date_before=${encodeURIComponent(bound)}`);
      expect(response.statusCode, bound).toBe(400);
      expect(response.json().field_codes, bound).toEqual({
        register_date_before: [{ code: "invalid_date" }],
      });
    }
    const ok = await get("/api/shipper?register_date_before=2200-12-31T23:59:59Z");
    expect(ok.statusCode).toBe(200);
  });

  it("ids above int4 in paths and queries: too_big with the limit", async () => {
    const path = await get("/api/shipper/2147483648");
    expect(path.statusCode).toBe(400);
    expect(path.json().field_codes).toEqual({ id: [{ code: "too_big", max: 2147483647 }] });
    const query = await get("/api/company?id=99999999999");
    expect(query.statusCode).toBe(400);
    const header = await t.app.inject({
      url: "/api/user/auth",
      headers: { ...t.headers(token), company: "2147483648" },
    });
    expect(header.statusCode).toBe(400);
  });

  it("codes sizes, missing fields, wrong types and choices", async () => {
    const login = await postToken(JSON.stringify({ username: "x".repeat(151), password: 5 }));
    expect(login.json().field_codes).toEqual({
      username: [{ code: "too_long", max: 150 }],
      password: [{ code: "invalid_type" }],
    });
    const missing = await postToken(JSON.stringify({ username: "admin" }));
    expect(missing.json().field_codes).toEqual({ password: [{ code: "required" }] });
    const choice = await get("/api/status?show_issued=maybe");
    expect(choice.json().field_codes).toEqual({ show_issued: [{ code: "invalid_choice" }] });
    const small = await get("/api/company?page=0");
    expect(small.json().field_codes).toEqual({ page: [{ code: "too_small", min: 1 }] });
  });
});

describe("router and HTTP parser refusals answer the API shape", () => {
  it("bad percent-encoding: 400 bad_request", async () => {
    const response = await t.app.inject({ url: "/api/shipper/%E0%A4%A" });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ code: "bad_request", message: expect.any(String) });
  });

  it("a path parameter over its length: 414 bad_request", async () => {
    const response = await t.app.inject({ url: `/api/shipper/${"9".repeat(500)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toEqual({ code: "bad_request", message: "The URL is too long" });
  });

  it("the Node HTTP parser's 400 and 431 on a real socket", async () => {
    const listening = await createTestApp();
    const { app } = listening;
    try {
      await app.listen({ port: 0, host: "127.0.0.1" });
      const address = app.server.address();
      const port = typeof address === "object" && address ? address.port : 0;
      const raw = async (request: string) => {
        const { connect } = await import("node:net");
        return new Promise<string>((resolve, reject) => {
          const socket = connect(port, "127.0.0.1", () => socket.end(request));
          let data = "";
          socket.on("data", (chunk) => {
            data += chunk.toString();
          });
          socket.on("close", () => resolve(data));
          socket.on("error", reject);
        });
      };
      const bad = await raw("GET /healthz HTTP/1.1\r\nHost: x\r\nBad Header\r\n\r\n");
      expect(bad).toMatch(/^HTTP\/1\.1 400 /);
      expect(JSON.parse(bad.split("\r\n\r\n")[1] ?? "")).toEqual({
        code: "bad_request",
        message: expect.any(String),
      });
      const big = await raw(
        `GET /healthz HTTP/1.1\r\nHost: x\r\nX-Big: ${"a".repeat(20_000)}\r\n\r\n`,
      );
      expect(big).toMatch(/^HTTP\/1\.1 431 /);
      expect(JSON.parse(big.split("\r\n\r\n")[1] ?? "").code).toBe("bad_request");
    } finally {
      await listening.close();
    }
  });
});

describe("the error log", () => {
  it("keeps the SQL error code and message, never the query parameters", async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, callback) {
        lines.push(chunk.toString());
        callback();
      },
    });
    const phone = "+34612345678";
    const logging = await createTestApp({
      logger: { level: "error", stream },
      extendApi: async (api) => {
        api.get("/probe/sql", async () => {
          await api.db.execute(sql`select ${phone} || ${"SMS secret text"} from no_such_table`);
          return {};
        });
      },
    });
    try {
      const { token } = await logging.login("admin");
      const response = await logging.app.inject({
        url: "/api/probe/sql",
        headers: { authorization: `Bearer ${token}` },
      });
      expect(response.statusCode).toBe(500);
      const log = lines.join("");
      expect(log).toContain("request failed");
      expect(log).toContain("42P01"); // undefined_table: the SQLSTATE is kept
      expect(log).not.toContain(phone);
      expect(log).not.toContain("SMS secret text");
    } finally {
      await logging.close();
    }
  });
});
