import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../test/harness";
import { publicDescription } from "./swagger";

interface Operation {
  parameters?: { name: string; in: string; required?: boolean }[];
  requestBody?: { content: Record<string, { schema: Record<string, unknown> }> };
  responses: Record<string, unknown>;
  security?: Record<string, unknown>[];
}
interface OpenApiDocument {
  openapi: string;
  info: { title: string; version: string };
  paths: Record<string, Record<string, Operation>>;
  components?: { securitySchemes?: Record<string, unknown>; schemas?: Record<string, unknown> };
}

let t: TestApp;
let doc: OpenApiDocument;

beforeAll(async () => {
  t = await createTestApp();
  const response = await t.app.inject({ url: "/api/docs/json" });
  expect(response.statusCode).toBe(200);
  doc = response.json<OpenApiDocument>();
});
afterAll(async () => {
  await t?.close();
});

const METHODS = ["get", "post", "put", "patch", "delete", "head", "options"];

function refsIn(value: unknown, found: string[] = []): string[] {
  if (Array.isArray(value)) for (const item of value) refsIn(item, found);
  else if (value && typeof value === "object") {
    for (const [key, inner] of Object.entries(value)) {
      if (key === "$ref" && typeof inner === "string") found.push(inner);
      else refsIn(inner, found);
    }
  }
  return found;
}

/** `value` with every component reference replaced by the component it names. */
function resolved(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(resolved);
  if (!value || typeof value !== "object") return value;
  const ref = (value as { $ref?: unknown }).$ref;
  if (typeof ref === "string")
    return resolved(doc.components?.schemas?.[ref.split("/").pop() ?? ""]);
  return Object.fromEntries(Object.entries(value).map(([key, inner]) => [key, resolved(inner)]));
}

describe("OpenAPI document", () => {
  it("is an OpenAPI 3.1 document describing the API", () => {
    expect(doc.openapi).toBe("3.1.0");
    expect(doc.info.title).toBe("Yardline API");
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+$/);
    expect(doc.components?.securitySchemes).toHaveProperty("bearerAuth");
  });

  it("lists the auth, user, company and config routes", () => {
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        "/get-token",
        "/jwt/refresh-token",
        "/api/user/auth",
        "/api/user/{id}/change_password",
        "/api/company",
        "/api/company/{id}",
        "/config.json",
      ]),
    );
    expect(Object.keys(doc.paths).some((path) => path.startsWith("/api/docs"))).toBe(false);
  });

  it("is well formed: operations have responses, path parameters are declared, refs resolve", () => {
    for (const [path, item] of Object.entries(doc.paths)) {
      const templated = [...path.matchAll(/\{(\w+)\}/g)].map((match) => match[1]);
      for (const [method, operation] of Object.entries(item)) {
        expect(METHODS, `${method} ${path}`).toContain(method);
        expect(Object.keys(operation.responses).length, `${method} ${path}`).toBeGreaterThan(0);
        for (const name of templated) {
          const parameter = operation.parameters?.find((p) => p.in === "path" && p.name === name);
          expect(parameter?.required, `${method} ${path} {${name}}`).toBe(true);
        }
      }
    }
    for (const ref of refsIn(doc)) {
      expect(ref.startsWith("#/components/schemas/"), ref).toBe(true);
      expect(doc.components?.schemas, ref).toHaveProperty(ref.split("/").pop() ?? "");
    }
  });

  it("documents request bodies from the zod contracts", () => {
    const login = doc.paths["/get-token"]?.post;
    const schema = login?.requestBody?.content["application/json"]?.schema;
    expect(schema).toMatchObject({
      type: "object",
      required: expect.arrayContaining(["username", "password"]),
    });
    expect(Object.keys(login?.responses ?? {})).toEqual(
      expect.arrayContaining(["200", "400", "401", "429"]),
    );
    expect(login?.security).toBeUndefined();
  });

  it("marks /api routes as needing a bearer token or an API key and documents the company header", () => {
    const auth = doc.paths["/api/user/auth"]?.get;
    expect(auth?.security).toEqual([{ bearerAuth: [] }, { apiKeyAuth: [] }]);
    expect(auth?.parameters).toEqual(
      expect.arrayContaining([expect.objectContaining({ in: "header", name: "company" })]),
    );
    const list = doc.paths["/api/company"]?.get;
    const query = (list?.parameters ?? []).filter((p) => p.in === "query").map((p) => p.name);
    expect(query.sort()).toEqual(["id", "page", "page_size"]);
  });

  it("tells in the lines' list and detail which lines a carrier booked (issue 29)", () => {
    for (const [path, method] of [
      ["/api/reception", "get"],
      ["/api/expedition", "get"],
      ["/api/reception/{id}", "get"],
    ] as const) {
      const ok = JSON.stringify(resolved(doc.paths[path]?.[method]?.responses?.["200"]));
      expect(ok, `${method} ${path}`).toMatch(
        /"carrier_booking":\{"anyOf":\[\{"type":"string","enum":\["confirmed","to_confirm"\]\},\{"type":"null"\}\]/,
      );
    }
  });

  it("names the error answer and the main rows once, as components every route refers to", () => {
    const login = doc.paths["/get-token"]?.post?.responses["401"];
    expect(login).toMatchObject({
      content: { "application/json": { schema: { $ref: "#/components/schemas/Error" } } },
    });
    expect(resolved(login)).toMatchObject({
      content: {
        "application/json": {
          schema: { type: "object", required: expect.arrayContaining(["code", "message"]) },
        },
      },
    });
    const created = doc.paths["/api/reception"]?.post?.responses["201"];
    expect(JSON.stringify(created)).toContain('"#/components/schemas/Reception"');
    // Only answers are components: no request body refers to one, and none is listed unused.
    const used = new Set(refsIn(doc.paths).map((ref) => ref.split("/").pop()));
    for (const name of Object.keys(doc.components?.schemas ?? {})) {
      expect(
        used.has(name) || refsIn(doc.components?.schemas).includes(`#/components/schemas/${name}`),
        name,
      ).toBe(true);
    }
    for (const item of Object.values(doc.paths)) {
      for (const operation of Object.values(item)) {
        expect(refsIn(operation.requestBody ?? {})).toEqual([]);
      }
    }
  });

  it("serves the documentation UI at /api/docs", async () => {
    const response = await t.app.inject({ url: "/api/docs/" });
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/html");
    expect(response.body).toContain("swagger");
  });
});

describe("the public document reveals no internals", () => {
  it("names no source file and no environment variable", async () => {
    const response = await t.app.inject({ url: "/api/docs/json" });
    const text = response.body;
    expect(text).not.toMatch(/\bsrc\//);
    expect(text).not.toMatch(/[\w-]+\/[\w.-]+\.(?:ts|tsx|mjs|cjs)\b/);
    const envNames = text.match(/\b[A-Z][A-Z0-9]*_[A-Z0-9_]*[A-Z0-9]\b/g) ?? [];
    expect(envNames).toEqual([]);
    // The descriptions are still there, only the asides are gone.
    expect(text).toContain("sms_disabled");
  });

  it("drops asides and sentences that name them, keeps the rest", () => {
    expect(publicDescription("Off when disabled (SMS_ENABLED=false) it answers 409.")).toBe(
      "Off when disabled it answers 409.",
    );
    expect(
      publicDescription(
        "Statuses. The same table is src/shared/contract/status.ts (STATUSES). End.",
      ),
    ).toBe("Statuses. End.");
    expect(publicDescription("Plain text, e.g. 3.5 trucks.")).toBe("Plain text, e.g. 3.5 trucks.");
  });
});
