import { describe, expect, it } from "vitest";
import { TOKEN_REFRESH_THRESHOLD_MS } from "../../shared/constants";
import { fakeJwt } from "../test-utils";
import { jwtExpiresAt, tokenDecision } from "./jwt";

const NOW = Date.parse("2026-11-22T12:00:00Z");
const HOUR = 3_600_000;
const expiringIn = (ms: number) => fakeJwt({ exp: Math.floor((NOW + ms) / 1000), sub: "1" });

describe("jwtExpiresAt", () => {
  it("reads exp (seconds) as milliseconds", () => {
    expect(jwtExpiresAt(fakeJwt({ exp: 1_800_000_000 }))).toBe(1_800_000_000_000);
  });

  it("decodes base64url payloads with - and _ and no padding", () => {
    // "~~~" encodes to "fn5+" in base64, "fn5-" in base64url.
    const token = fakeJwt({ exp: 1_800_000_000, name: "~~~ ???>>>" });
    expect(token.split(".")[1]).toMatch(/[-_]/);
    expect(jwtExpiresAt(token)).toBe(1_800_000_000_000);
  });

  it.each([
    ["null", null],
    ["no payload", "abc"],
    ["garbage payload", "a.!!!.c"],
    ["no exp", fakeJwt({ sub: "1" })],
    ["string exp", fakeJwt({ exp: "soon" })],
  ])("gives null for %s", (_name, token) => {
    expect(jwtExpiresAt(token)).toBeNull();
  });
});

describe("tokenDecision (renew within 2.4 h of expiry)", () => {
  it("uses the spec's threshold: 24 h lifetime / 10", () => {
    expect(TOKEN_REFRESH_THRESHOLD_MS).toBe(2.4 * HOUR);
  });

  it.each([
    ["a fresh 24 h token", 24 * HOUR, "keep"],
    ["3 h left", 3 * HOUR, "keep"],
    ["just over the threshold", 2.4 * HOUR + 1000, "keep"],
    ["just under the threshold", 2.4 * HOUR - 1000, "refresh"],
    ["1 minute left", 60_000, "refresh"],
    ["already expired", -HOUR, "refresh"],
  ] as const)("%s -> %s", (_name, left, expected) => {
    expect(tokenDecision(expiringIn(left), NOW)).toBe(expected);
  });

  it("calls an unreadable token unreadable", () => {
    expect(tokenDecision("not-a-jwt", NOW)).toBe("unreadable");
    expect(tokenDecision(null, NOW)).toBe("unreadable");
  });
});
