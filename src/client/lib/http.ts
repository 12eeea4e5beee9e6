import ky, { HTTPError, type Options } from "ky";
import { COMPANY_HEADER } from "../../shared/contract/company";
import { getConfig } from "./config";
import { ApiError, isTokenNotValid, NetworkError, OfflineError } from "./errors";
import { readStored } from "./storage";

/**
 * The API client: same origin by default (config.apiBase), `Authorization: Bearer <jwt>` and the
 * `company` header on every call except token and auth URLs (spec section 7). Every failure
 * comes out as ApiError, NetworkError or OfflineError.
 */
let fixedBase: string | null = null;

const withSlash = (base: string) => (base.endsWith("/") ? base : `${base}/`);

/** Sets the API base for good (tests); otherwise it follows the loaded /config.json. */
export function setApiBase(base: string): void {
  fixedBase = withSlash(base);
}

function apiBase(): string {
  return fixedBase ?? withSlash(getConfig().apiBase);
}

function authHeaders(options: RequestOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  if (options.anonymous) return headers;
  const jwt = readStored("jwt");
  const company = options.company === undefined ? readStored("company") : options.company;
  if (jwt) headers.Authorization = `Bearer ${jwt}`;
  if (company) headers[COMPANY_HEADER] = company;
  return headers;
}

/**
 * The absolute URL and the Authorization/company headers of an API call, for a caller that
 * cannot go through ky (the live-events stream reads its body as it arrives).
 */
export function apiRequest(
  path: string,
  company?: string | null,
): { url: string; headers: Record<string, string> } {
  const base = typeof location === "undefined" ? "http://localhost/" : location.href;
  return {
    url: new URL(`${apiBase()}${path.replace(/^\//, "")}`, base).toString(),
    headers: authHeaders(company === undefined ? {} : { company }),
  };
}

const client = ky.create({ retry: 0, timeout: 20_000 });

/**
 * Called when an authenticated request answers token_not_valid: renews the tokens (true: retry
 * the request once) or ends the session (false). The session module registers it.
 */
let unauthorizedHandler: ((failedJwt: string | null) => Promise<boolean>) | null = null;

export function setUnauthorizedHandler(
  handler: ((failedJwt: string | null) => Promise<boolean>) | null,
): void {
  unauthorizedHandler = handler;
}

async function toTypedError(error: unknown): Promise<Error> {
  if (error instanceof HTTPError) {
    // ky 2 has already read the body into `data` (JSON parsed by content type, else text).
    const data: unknown = error.data;
    let body: unknown = data ?? "";
    if (typeof data === "string" && data !== "") {
      try {
        body = JSON.parse(data);
      } catch {
        // Not JSON: keep the text.
      }
    }
    return new ApiError(error.response.status, body);
  }
  if (typeof navigator !== "undefined" && navigator.onLine === false) return new OfflineError();
  return new NetworkError(error);
}

export interface RequestOptions extends Omit<Options, "prefix" | "json"> {
  json?: unknown;
  /** Token and auth URLs: no Authorization and no company header (spec section 7). */
  anonymous?: boolean;
  /** Company header for this request instead of the stored one; null sends none. */
  company?: string | null;
}

async function send(path: string, options: RequestOptions): Promise<Response> {
  const { anonymous, company, headers, ...rest } = options;
  const run = () =>
    client(path.replace(/^\//, ""), {
      ...rest,
      prefix: apiBase(),
      headers: { ...authHeaders(options), ...(headers as Record<string, string> | undefined) },
    });
  const jwtUsed = readStored("jwt");
  // A caller that names its own token (the replayer sends with its change's author's token)
  // gets the refusal back: renewing and retrying belongs to the stored session only.
  const ownToken = Object.keys((headers as Record<string, string> | undefined) ?? {}).some(
    (name) => name.toLowerCase() === "authorization",
  );
  try {
    return await run();
  } catch (error) {
    const typed = await toTypedError(error);
    if (!anonymous && !ownToken && isTokenNotValid(typed) && unauthorizedHandler) {
      if (await unauthorizedHandler(jwtUsed)) {
        try {
          return await run();
        } catch (retryError) {
          throw await toTypedError(retryError);
        }
      }
    }
    throw typed;
  }
}

/**
 * The body's text. A read cut off (a navigation or reload aborts it, the connection drops)
 * is a NetworkError like any request without an answer, never a raw TypeError that a caller
 * would take for a refusal.
 */
async function bodyText(response: Response): Promise<string> {
  if (response.status === 204) return "";
  try {
    return await response.text();
  } catch (error) {
    throw cutOff(error);
  }
}

function cutOff(error: unknown): Error {
  return typeof navigator !== "undefined" && navigator.onLine === false
    ? new OfflineError()
    : new NetworkError(error);
}

/** Sends a request to `path` (relative to the API base) and returns the parsed JSON body. */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const text = await bodyText(await send(path, options));
  return (text ? JSON.parse(text) : undefined) as T;
}

/** Like `request`, but also returns the response headers (ETag and friends). */
export async function requestWithHeaders<T>(
  path: string,
  options: RequestOptions = {},
): Promise<{ body: T; headers: Headers; status: number }> {
  const response = await send(path, options);
  const text = await bodyText(response);
  return {
    body: (text ? JSON.parse(text) : undefined) as T,
    headers: response.headers,
    status: response.status,
  };
}

/**
 * The body as a Blob, with the response headers: a file download (lib/download.ts is the one
 * caller); failures typed as for any request, a cut-off body a NetworkError.
 */
export async function requestBlob(
  path: string,
  options: RequestOptions = {},
): Promise<{ blob: Blob; headers: Headers }> {
  const response = await send(path, { ...options, method: "get" });
  try {
    return { blob: await response.blob(), headers: response.headers };
  } catch (error) {
    throw cutOff(error);
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
