import ky, { HTTPError, type Options } from "ky";
import { COMPANY_HEADER } from "../../shared/contract/company";
import { ApiError, NetworkError, OfflineError } from "./errors";
import { readStored } from "./storage";

/**
 * The API client: same origin by default (config.apiBase), `Authorization: Bearer <jwt>` and the
 * `company` header on every call except token and auth URLs (spec section 7). Every failure
 * comes out as ApiError, NetworkError or OfflineError.
 */
let apiBase = "/";

export function setApiBase(base: string): void {
  apiBase = base.endsWith("/") ? base : `${base}/`;
}

function authHeaders(): Record<string, string> {
  const headers: Record<string, string> = {};
  const jwt = readStored("jwt");
  const company = readStored("company");
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  if (company) headers[COMPANY_HEADER] = company;
  return headers;
}

const client = ky.create({
  retry: 0,
  timeout: 20_000,
  hooks: {
    beforeRequest: [
      ({ request }) => {
        for (const [name, value] of Object.entries(authHeaders())) {
          if (!request.headers.has(name)) request.headers.set(name, value);
        }
      },
    ],
  },
});

async function toTypedError(error: unknown): Promise<Error> {
  if (error instanceof HTTPError) {
    const text = await error.response.text().catch(() => "");
    let body: unknown = text;
    try {
      body = text ? JSON.parse(text) : "";
    } catch {
      // Not JSON: keep the text.
    }
    return new ApiError(error.response.status, body);
  }
  if (typeof navigator !== "undefined" && navigator.onLine === false) return new OfflineError();
  return new NetworkError(error);
}

export interface RequestOptions extends Omit<Options, "prefix" | "json"> {
  json?: unknown;
}

/** Sends a request to `path` (relative to the API base) and returns the parsed JSON body. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  try {
    const response = await client(path.replace(/^\//, ""), { ...options, prefix: apiBase });
    if (response.status === 204) return undefined as T;
    const text = await response.text();
    return (text ? JSON.parse(text) : undefined) as T;
  } catch (error) {
    throw await toTypedError(error);
  }
}

/** Like `request`, but also returns the response headers (ETag and friends). */
export async function requestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers; status: number }> {
  try {
    const response = await client(path.replace(/^\//, ""), { ...options, prefix: apiBase });
    const text = response.status === 204 ? "" : await response.text();
    return {
      body: (text ? JSON.parse(text) : undefined) as T,
      headers: response.headers,
      status: response.status,
    };
  } catch (error) {
    throw await toTypedError(error);
  }
}

export const http = {
  get: <T>(path: string, options?: RequestOptions) =>
    request<T>(path, { ...options, method: "get" }),
  post: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: "post", json }),
  put: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: "put", json }),
  patch: <T>(path: string, json?: unknown, options?: RequestOptions) =>
    request<T>(path, { ...options, method: "patch", json }),
  delete: <T>(path: string, options?: RequestOptions) =>
    request<T>(path, { ...options, method: "delete" }),
};
