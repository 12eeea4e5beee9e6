import { describe, expect, it } from "vitest";
import { createDummyHash, hashPassword, needsRehash, verifyPassword } from "./password";

const COST = 10;

describe("password hasher", () => {
  it("verifies the right password and rejects a wrong one", async () => {
    const stored = await hashPassword("correct horse", COST);
    expect(await verifyPassword("correct horse", stored)).toBe(true);
    expect(await verifyPassword("correct hors", stored)).toBe(false);
    expect(await verifyPassword("", stored)).toBe(false);
  });

  it("salts every hash and records its parameters", async () => {
    const first = await hashPassword("same", COST);
    const second = await hashPassword("same", COST);
    expect(first).not.toBe(second);
    expect(first).toMatch(/^scrypt\$10\$8\$1\$[\w-]{22}\$[\w-]{43}$/);
    expect(first).not.toContain("same");
  });

  it("verifies with the parameters stored in the hash, not the current ones", async () => {
    const old = await hashPassword("pw", 11);
    expect(await verifyPassword("pw", old)).toBe(true);
    expect(needsRehash(old, 11)).toBe(false);
    expect(needsRehash(old, 12)).toBe(true);
  });

  it("treats malformed or foreign hashes as a mismatch, never as a throw", async () => {
    for (const stored of [
      "",
      "plain",
      "scrypt$10$8$1$abc",
      "bcrypt$x$y$z$a$b",
      "scrypt$99$8$1$a$b",
    ]) {
      expect(await verifyPassword("pw", stored)).toBe(false);
      expect(needsRehash(stored, COST)).toBe(true);
    }
    const stored = await hashPassword("pw", COST);
    const truncated = stored.slice(0, -4);
    expect(await verifyPassword("pw", truncated)).toBe(false);
  });

  it("normalises unicode so composed and decomposed forms match", async () => {
    const stored = await hashPassword("caf\u00e9", COST);
    expect(await verifyPassword("cafe\u0301", stored)).toBe(true);
  });

  it("builds the dummy hash once and it matches no guessable password", async () => {
    const dummy = createDummyHash(COST);
    const first = await dummy();
    expect(await dummy()).toBe(first);
    expect(await verifyPassword("", first)).toBe(false);
    expect(await verifyPassword("yardline", first)).toBe(false);
  });
});
