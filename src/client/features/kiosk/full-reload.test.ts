import { describe, expect, it, vi } from "vitest";
import { isShellCached, SHELL_URL } from "./full-reload";

function cacheWith(answer: Response | undefined | Error) {
  const match = vi.fn(async () => {
    if (answer instanceof Error) throw answer;
    return answer;
  });
  return { match } satisfies Pick<CacheStorage, "match">;
}

describe("isShellCached", () => {
  it("is true when the precache has the shell (any revision query)", async () => {
    const storage = cacheWith(new Response("<html></html>"));
    expect(await isShellCached(storage)).toBe(true);
    expect(storage.match).toHaveBeenCalledWith(SHELL_URL, { ignoreSearch: true });
  });

  it("is false when the shell is missing, Cache Storage is absent or fails", async () => {
    expect(await isShellCached(cacheWith(undefined))).toBe(false);
    expect(await isShellCached(cacheWith(new Error("SecurityError")))).toBe(false);
    expect(await isShellCached(undefined)).toBe(false);
  });
});
