import { randomUUID } from "node:crypto";
import { afterEach, describe, expect, it, vi } from "vitest";
import { createAccessTokens } from "./access-token";

const secret = new TextEncoder().encode("unit-secret-unit-secret-unit-secret-0123");

afterEach(() => {
  vi.useRealTimers();
});

describe("access tokens", () => {
  it("verifies its own tokens, again and again, and refuses another key's", async () => {
    const tokens = createAccessTokens(secret, 3600);
    const claims = { userId: 7, sessionId: randomUUID() };
    const token = await tokens.sign(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    expect(await tokens.verify(token)).toEqual(claims);
    const other = createAccessTokens(new TextEncoder().encode("x".repeat(40)), 3600);
    expect(await other.verify(token)).toBeNull();
    expect(await tokens.verify(`${token}x`)).toBeNull();
  });

  it("refuses a remembered token once it has expired", async () => {
    vi.useFakeTimers({ toFake: ["Date"] });
    vi.setSystemTime(new Date("2026-01-01T00:00:00Z"));
    const tokens = createAccessTokens(secret, 60);
    const token = await tokens.sign({ userId: 1, sessionId: randomUUID() });
    expect(await tokens.verify(token)).not.toBeNull();
    vi.setSystemTime(new Date("2026-01-01T00:01:01Z"));
    expect(await tokens.verify(token)).toBeNull();
    expect(await tokens.verify(token)).toBeNull();
  });
});
