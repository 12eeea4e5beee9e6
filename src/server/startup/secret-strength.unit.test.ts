import { randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { weakSecretReason } from "./secret-strength";

describe("weakSecretReason", () => {
  it("accepts what `openssl rand` gives, in base64 or hex", () => {
    expect(weakSecretReason(randomBytes(48).toString("base64"))).toBeNull();
    expect(weakSecretReason(randomBytes(32).toString("hex"))).toBeNull();
  });

  it("refuses short, placeholder and repetitive secrets, saying why", () => {
    expect(weakSecretReason(randomBytes(12).toString("hex"))).toBe(
      "it is shorter than 32 characters",
    );
    expect(weakSecretReason("please-change-me-before-going-live-2026")).toBe(
      'it contains the word "change", as placeholders do',
    );
    expect(weakSecretReason("My-Yardline-Secret-For-Production-01")).toMatch(/"yardline"/);
    expect(weakSecretReason("ab".repeat(24))).toBe("it repeats too few characters to be random");
    expect(weakSecretReason("0123456789".repeat(4))).toBe(
      "it repeats too few characters to be random",
    );
    expect(weakSecretReason("abcdefghijklmnopqrstuvwxyz0123456789")).toBe(
      "it is mostly runs of consecutive characters",
    );
  });
});
