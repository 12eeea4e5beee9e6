import fc from "fast-check";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../src/server/test/harness";
import { ErrorBody } from "../../src/shared/contract/errors";
import { type Operation, operationsOf, type Schema } from "./openapi";

/**
 * Property-based fuzzing of every operation of the OpenAPI document (/api/docs/json) through
 * inject on PGlite: requests built from each operation's schemas, then bent (wrong types, NUL,
 * lone surrogates and other unicode, huge values, impossible dates, bad headers including
 * company, Idempotency-Key and If-Match, malformed JSON, wrong content types, long URLs).
 * The server must never answer >= 500 and every error must be an ErrorBody.
 * FUZZ_RUNS (default 2000) requests per run, spread evenly over the operations; FUZZ_SEED
 * replays a run, FUZZ_ONLY ("POST /api/shipment-changes") keeps the operations naming it. A failure prints the request (method, url, headers, body) and the seed.
 */
const RUNS = Math.max(1, Number(process.env.FUZZ_RUNS ?? 2000));
const SEED = Number(process.env.FUZZ_SEED ?? Date.now() % 2 ** 31);

let t: TestApp;
let token: string;
let operations: Operation[] = [];
let companyIds: number[] = [];
const statuses = new Map<number, number>();

beforeAll(async () => {
  t = await createTestApp();
  token = (await t.login("admin")).token;
  const doc = await t.app.inject({ url: "/api/docs/json" });
  // FUZZ_ONLY="POST /api/shipment-changes" (or a path part) narrows a replay to some operations.
  const only = process.env.FUZZ_ONLY;
  operations = operationsOf(doc.json()).filter(
    (op) => !only || `${op.method.toUpperCase()} ${op.path}`.includes(only),
  );
  const companies = await t.app.inject({ url: "/api/company", headers: t.headers(token) });
  companyIds = companies.json<{ results: { id: number }[] }>().results.map((c) => c.id);
});
afterAll(async () => {
  const summary = [...statuses.entries()].sort(([a], [b]) => a - b);
  console.info(`fuzz seed ${SEED}: ${RUNS} requests asked, statuses ${JSON.stringify(summary)}`);
  await t?.close();
});

const NASTY_STRINGS = [
  "",
  " ",
  "\u0000",
  "a\u0000b",
  "\ud800",
  "x\udc00y",
  "🚚💥",
  "\u202eRTL",
  "Ω≈ç√∫",
  "x".repeat(5000),
  "0000-01-01",
  "0000-01-01T00:00:00Z",
  "9999-12-31T23:59:59Z",
  "2024-02-30",
  "2024-02-30T10:00:00Z",
  "2024-01-01T24:00",
  "+275760-09-13T00:00:00Z",
  "2147483648",
  "99999999999999999999",
  "-1",
  "0",
  "1.5",
  "1e309",
  "NaN",
  "null",
  "true",
  "[]",
  "{}",
  "' OR 1=1 --",
  "%00",
  "%",
  "../../etc/passwd",
  '"1"',
  'W/"1"',
  "*",
  "1,2,3",
];
const NASTY_NUMBERS = [2 ** 31, 2 ** 31 - 1, 2 ** 53 + 2, -(2 ** 31) - 1, 1e308, -1, 0, 0.5, -0];

const nastyString = fc.oneof(fc.constantFrom(...NASTY_STRINGS), fc.string({ unit: "grapheme" }));
const nastyValue: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  fc.constantFrom<unknown>(...NASTY_NUMBERS, null, true, false, [], {}, [1, "a"]),
  fc.anything({ maxDepth: 2 }),
);

function bounded(schema: Schema): { min: number; max: number } {
  const min =
    schema.exclusiveMinimum !== undefined
      ? schema.exclusiveMinimum + 1
      : (schema.minimum ?? -(2 ** 31));
  const max =
    schema.exclusiveMaximum !== undefined
      ? schema.exclusiveMaximum - 1
      : (schema.maximum ?? 2 ** 31);
  return { min: Math.max(min, -(2 ** 53)), max: Math.min(max, 2 ** 53) };
}

const isoDate = fc
  .date({ min: new Date("1990-01-01"), max: new Date("2100-01-01"), noInvalidDate: true })
  .map((date) => date.toISOString());

/** A value the schema accepts (mostly), each leaf sometimes swapped for a nasty one. */
function fuzzValue(schema: Schema | undefined, depth = 0): fc.Arbitrary<unknown> {
  return fc.oneof(
    // Deeper leaves go wrong less often, so nested bodies still reach the handlers.
    { weight: 4 + 4 * depth, arbitrary: validOf(schema ?? {}, depth) },
    { weight: 1, arbitrary: nastyValue },
  );
}

function validOf(schema: Schema, depth: number): fc.Arbitrary<unknown> {
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return fc.oneof(...variants.map((inner) => validOf(inner, depth)));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  if (schema.const !== undefined) return fc.constant(schema.const);
  const type = Array.isArray(schema.type) ? schema.type : [schema.type];
  if (type.length > 1) {
    return fc.oneof(...type.map((each) => validOf({ ...schema, type: each }, depth)));
  }
  switch (type[0]) {
    case "integer":
      return fc.integer(bounded(schema));
    case "number":
      return fc.double({ ...bounded(schema), noNaN: true });
    case "boolean":
      return fc.boolean();
    case "null":
      return fc.constant(null);
    case "string":
      if (schema.format === "date-time") return isoDate;
      if (schema.format === "uuid") return fc.uuid();
      return fc.string({
        minLength: schema.minLength ?? 0,
        maxLength: Math.min(schema.maxLength ?? 30, 30),
      });
    case "array":
      if (depth > 3) return fc.constant([]);
      return fc.array(fuzzValue(schema.items, depth + 1), {
        minLength: schema.minItems ?? 0,
        maxLength: Math.min(schema.maxItems ?? 4, 4),
      });
    case "object": {
      if (depth > 3) return fc.constant({});
      const properties = schema.properties ?? {};
      const record = fc.record(
        Object.fromEntries(
          Object.entries(properties).map(([key, inner]) => [key, fuzzValue(inner, depth + 1)]),
        ),
        { requiredKeys: schema.required ?? [] },
      );
      // Sometimes a required key goes missing or an unknown one comes along.
      return fc.tuple(record, fc.nat(9), nastyValue).map(([value, roll, extra]) => {
        const out: Record<string, unknown> = { ...value };
        const keys = Object.keys(out);
        if (roll === 0 && keys.length > 0) delete out[keys[0] as string];
        if (roll === 1) out.unexpected_field = extra;
        return out;
      });
    }
    default:
      return fc.anything({ maxDepth: 2 });
  }
}

/** Percent-encoding that also writes lone surrogates (as their CESU-8 bytes, as a hostile
 * client would), which encodeURIComponent refuses. */
function encode(value: string): string {
  return value.replace(/[\s\S]/gu, (char) => {
    const code = char.charCodeAt(0);
    if (char.length === 1 && code >= 0xd800 && code <= 0xdfff) {
      return [0xed, 0xa0 | ((code >> 6) & 0x0f), 0x80 | (code & 0x3f)]
        .map((byte) => `%${byte.toString(16).toUpperCase()}`)
        .join("");
    }
    return encodeURIComponent(char);
  });
}

function asText(value: unknown): string {
  if (typeof value === "string") return value;
  if (value === undefined) return "";
  try {
    return typeof value === "object" ? JSON.stringify(value) : String(value);
  } catch {
    return String(value);
  }
}

/** Path segments a client may send raw: bad percent-encoding and very long ones. */
const rawSegment = fc.constantFrom("%", "%E0%A4%A", "%00", "9".repeat(3000), "..", "%2F");

const CONTENT_TYPES = [
  "text/plain",
  "application/xml",
  "application/x-www-form-urlencoded",
  "multipart/form-data; boundary=x",
  "application/json; charset=utf-16",
  "application/json; charset=\u0000",
  "application/jsonx",
  "",
];
const BAD_JSON = ["{", '{"a":', "\u0000", "nul", "[1,]", '{"__proto__":{"x":1}}', "[".repeat(3000)];

interface FuzzRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body?: string;
}

function requestFor(op: Operation): fc.Arbitrary<FuzzRequest> {
  const pathParams = op.parameters.filter((p) => p.in === "path");
  const queryParams = op.parameters.filter((p) => p.in === "query");
  const headerParams = op.parameters.filter((p) => p.in === "header");
  const param = (schema: Schema | undefined) =>
    fc.option(fuzzValue(schema), { nil: undefined, freq: 3 });
  return fc
    .record({
      path: fc.tuple(
        ...pathParams.map((p) =>
          fc.oneof(
            { weight: 8, arbitrary: fuzzValue(p.schema).map((v) => encode(asText(v))) },
            { weight: 1, arbitrary: rawSegment },
          ),
        ),
      ),
      query: fc.tuple(...queryParams.map((p) => param(p.schema))),
      headerValues: fc.tuple(...headerParams.map((p) => param(p.schema))),
      company: fc.oneof(
        { weight: 3, arbitrary: fc.constant(undefined) },
        { weight: 3, arbitrary: fc.constantFrom(...companyIds.map(String)) },
        { weight: 2, arbitrary: nastyString },
      ),
      auth: fc.oneof(
        { weight: 12, arbitrary: fc.constant(`Bearer ${token}`) },
        { weight: 1, arbitrary: fc.constant(undefined) },
        {
          weight: 1,
          arbitrary: fc.oneof(
            fc.constantFrom("Bearer", "Bearer x.y.z", `Token ${token}x`, "Basic YWRtaW4="),
            nastyString.map((s) => `Bearer ${s}`),
          ),
        },
      ),
      idempotencyKey: fc.option(fc.oneof(fc.uuid(), nastyString), { nil: undefined }),
      longQuery: fc.nat(30),
      body: op.body
        ? fc.oneof(
            { weight: 8, arbitrary: fuzzValue(op.body).map((v) => asText(v)) },
            { weight: 1, arbitrary: fc.constantFrom(...BAD_JSON) },
            { weight: 1, arbitrary: fc.constant(undefined) },
          )
        : fc.option(fc.constantFrom('{"x":1}', "{"), { nil: undefined, freq: 10 }),
      contentType: fc.oneof(
        { weight: 10, arbitrary: fc.constant("application/json") },
        { weight: 2, arbitrary: fc.constantFrom(...CONTENT_TYPES) },
      ),
    })
    .map((parts): FuzzRequest => {
      let path = op.path;
      pathParams.forEach((p, index) => {
        path = path.replace(`{${p.name}}`, parts.path[index] || "1");
      });
      const query: string[] = [];
      queryParams.forEach((p, index) => {
        const value = parts.query[index];
        if (value === undefined) return;
        for (const each of Array.isArray(value) ? value : [value]) {
          query.push(`${encode(p.name)}=${encode(asText(each))}`);
        }
      });
      if (parts.longQuery === 0) query.push(`pad=${"a".repeat(20_000)}`);
      const headers: Record<string, string> = {};
      headerParams.forEach((p, index) => {
        const value = parts.headerValues[index];
        if (value !== undefined) headers[p.name] = asText(value);
      });
      if (parts.company !== undefined) headers.company = parts.company;
      if (parts.auth !== undefined) headers.authorization = parts.auth;
      if (parts.idempotencyKey !== undefined && op.method !== "get") {
        headers["idempotency-key"] = parts.idempotencyKey;
      }
      const request: FuzzRequest = {
        method: op.method.toUpperCase(),
        url: query.length > 0 ? `${path}?${query.join("&")}` : path,
        headers,
      };
      if (parts.body !== undefined && op.method !== "get") {
        request.body = parts.body;
        headers["content-type"] = parts.contentType;
      }
      return request;
    });
}

/** How the failing request is printed: enough to replay it with inject or curl. */
function describeRequest(request: FuzzRequest): string {
  const clip = (text: string) =>
    text.length > 4000 ? `${text.slice(0, 4000)}... (${text.length} characters)` : text;
  return JSON.stringify(
    {
      seed: SEED,
      method: request.method,
      url: clip(request.url),
      headers: Object.fromEntries(Object.entries(request.headers).map(([k, v]) => [k, clip(v)])),
      body: request.body === undefined ? undefined : clip(request.body),
    },
    null,
    2,
  );
}

/** inject refuses some header values before sending (no HTTP client could send them). */
function unsendable(error: unknown): boolean {
  const text =
    error instanceof Error ? `${error.message} ${(error as { code?: string }).code}` : "";
  return /Invalid character in header|ERR_INVALID_CHAR/.test(text);
}

interface Answer {
  status: number;
  body: string;
}

async function send(op: Operation, request: FuzzRequest): Promise<Answer | null> {
  let response: LightMyRequestResponse;
  try {
    response = await t.app.inject({
      method: request.method as "GET",
      url: request.url,
      headers: request.headers,
      ...(request.body === undefined ? {} : { payload: request.body }),
      // A live stream (GET /api/events) never ends: read its head, then hang up.
      ...(op.streams ? { payloadAsStream: true } : {}),
    });
  } catch (error) {
    if (unsendable(error)) return null;
    throw error;
  }
  if (!op.streams) return { status: response.statusCode, body: response.body };
  const stream = response.stream();
  if (response.statusCode < 400) {
    stream.destroy();
    return { status: response.statusCode, body: "" };
  }
  let body = "";
  for await (const chunk of stream) body += String(chunk);
  return { status: response.statusCode, body };
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function check(answer: Answer, request: FuzzRequest): void {
  statuses.set(answer.status, (statuses.get(answer.status) ?? 0) + 1);
  const context = `${answer.status} ${answer.body.slice(0, 300)} for\n${describeRequest(request)}`;
  expect(answer.status, context).toBeLessThan(500);
  if (answer.status >= 400) {
    expect(ErrorBody.safeParse(safeJson(answer.body)).success, `not an ErrorBody: ${context}`).toBe(
      true,
    );
  }
}

describe("OpenAPI fuzz: no answer >= 500, every error an ErrorBody", () => {
  it("covers every operation of the document", () => {
    if (!process.env.FUZZ_ONLY) expect(operations.length).toBeGreaterThan(30);
  });

  it(`${RUNS} requests over every operation`, { timeout: 600_000 }, async () => {
    const perOperation = Math.ceil(RUNS / operations.length);
    let sent = 0;
    for (const [index, op] of operations.entries()) {
      // A fresh session per operation: POST /jwt/logout ends the one it is sent with.
      token = (await t.login("admin")).token;
      await fc.assert(
        fc.asyncProperty(requestFor(op), async (request) => {
          const answer = await send(op, request);
          if (!answer) return;
          sent += 1;
          check(answer, request);
        }),
        { numRuns: perOperation, seed: SEED + index, endOnFailure: true },
      );
    }
    expect(sent).toBeGreaterThanOrEqual(Math.min(RUNS, 2000) * 0.9);
  });
});
