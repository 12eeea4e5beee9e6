/** Helpers for the client tests (never imported by the app). */
import { vi } from "vitest";
import type { AuthUser } from "../shared/contract/auth";
import type { Company } from "../shared/contract/company";
import type { RoleKey } from "../shared/roles";
import { ROLES } from "../shared/roles";

/** An unsigned JWT with the given payload (the client never checks signatures). */
export function fakeJwt(payload: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(JSON.stringify(value)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  return `${encode({ alg: "HS256", typ: "JWT" })}.${encode(payload)}.signature`;
}

export function jwtExpiringIn(ms: number, now: number = Date.now()): string {
  return fakeJwt({ exp: Math.floor((now + ms) / 1000), sub: "1", jti: Math.random() });
}

export function authUser(roles: RoleKey[], groups = [{ id: 1, name: "Yardline Demo" }]): AuthUser {
  return {
    user: {
      id: 7,
      username: "admin",
      first_name: "Ada",
      last_name: "Admin",
      email: "ada@example.com",
      groups,
    },
    roles: roles.map((name) => ({
      id: ROLES[name].id,
      name,
      description: ROLES[name].description,
    })),
    clients: [],
    user_type: "default",
  };
}

export function company(overrides: Partial<Company> = {}): Company {
  return {
    id: 1,
    name: "Yardline Demo",
    code: null,
    is_trw: false,
    has_expeditions_rrule: false,
    has_receptions_rrule: false,
    lang_pt: false,
    ...overrides,
  };
}

export interface RecordedRequest {
  method: string;
  path: string;
  headers: Headers;
  body: unknown;
}

type Handler = (request: RecordedRequest) => { status?: number; body?: unknown } | undefined;

/** The handler of a route key with `*` segments ("PUT /api/shipper/uid/*") matching the path. */
function patternHandler(
  routes: Record<string, Handler>,
  method: string,
  path: string,
): Handler | undefined {
  const segments = path.split("/");
  const key = Object.keys(routes).find((candidate) => {
    const [candidateMethod, candidatePath = ""] = candidate.split(" ");
    const parts = candidatePath.split("/");
    return (
      candidateMethod === method &&
      parts.length === segments.length &&
      parts.every((part, index) => part === "*" || part === segments[index])
    );
  });
  return key === undefined ? undefined : routes[key];
}

/**
 * Replaces fetch with a tiny fake API: `routes` maps "METHOD /path" to a handler (a `*`
 * segment matches any one segment); unknown routes answer 404. Returns the recorded requests.
 */
export function mockApi(routes: Record<string, Handler>): RecordedRequest[] {
  const recorded: RecordedRequest[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (input: Request | string | URL, init?: RequestInit) => {
      const request = input instanceof Request ? input : new Request(input, init);
      const url = new URL(request.url);
      const text = await request.text();
      const entry: RecordedRequest = {
        method: request.method,
        path: url.pathname,
        headers: request.headers,
        body: text ? JSON.parse(text) : undefined,
      };
      recorded.push(entry);
      const handler =
        routes[`${request.method} ${url.pathname}`] ??
        patternHandler(routes, request.method, url.pathname);
      const result = handler?.(entry) ?? { status: 404, body: { code: "not_found", message: "" } };
      return new Response(result.body === undefined ? null : JSON.stringify(result.body), {
        status: result.status ?? 200,
        headers: { "content-type": "application/json" },
      });
    }),
  );
  return recorded;
}
