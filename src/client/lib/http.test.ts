import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { mockApi, type RecordedRequest } from "../test-utils";
import { ApiError, isTransient, NetworkError } from "./errors";
import { http, setApiBase, setUnauthorizedHandler } from "./http";
import { writeStored } from "./storage";

const EXPIRED = { status: 401, body: { code: "token_not_valid", message: "Token expired" } };

let requests: RecordedRequest[];
let attempts: number;

beforeEach(() => {
  setApiBase("http://localhost/");
  writeStored("jwt", "stored-token");
  attempts = 0;
  requests = mockApi({
    "GET /api/thing": () => (++attempts === 1 ? EXPIRED : { body: { ok: true } }),
  });
});

afterEach(() => {
  setUnauthorizedHandler(null);
  vi.unstubAllGlobals();
});

describe("http token renewal", () => {
  it("renews the stored session once and retries on token_not_valid", async () => {
    const renew = vi.fn(async () => true);
    setUnauthorizedHandler(renew);
    await expect(http.get("api/thing")).resolves.toEqual({ ok: true });
    expect(renew).toHaveBeenCalledWith("stored-token");
    expect(requests).toHaveLength(2);
  });

  it("leaves a request with its own token alone: the caller gets the refusal", async () => {
    const renew = vi.fn(async () => true);
    setUnauthorizedHandler(renew);
    const failure = http.get("api/thing", { headers: { Authorization: "Bearer author-token" } });
    await expect(failure).rejects.toBeInstanceOf(ApiError);
    expect(renew).not.toHaveBeenCalled();
    expect(requests).toHaveLength(1);
    expect(requests[0]?.headers.get("authorization")).toBe("Bearer author-token");
  });
});

describe("http answers whose body cannot be read", () => {
  it("a body read cut off is a NetworkError (transient), not a raw TypeError", async () => {
    const broken = new ReadableStream({
      start(controller) {
        controller.error(new TypeError("network error"));
      },
    });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => new Response(broken, { status: 200 })),
    );
    const failure = http.get("api/thing");
    await expect(failure).rejects.toBeInstanceOf(NetworkError);
    await expect(http.get("api/thing").catch((error: unknown) => isTransient(error))).resolves.toBe(
      true,
    );
  });
});
