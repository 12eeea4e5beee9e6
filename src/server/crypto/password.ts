import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";

/**
 * Password hashing with scrypt (memory-hard). The stored string names its parameters,
 * `scrypt$<log2 N>$<r>$<p>$<salt b64url>$<hash b64url>`, so the cost can rise later without
 * invalidating existing hashes (see `needsRehash`).
 */
const PREFIX = "scrypt";
const KEY_LENGTH = 32;
const SALT_LENGTH = 16;
const BLOCK_SIZE = 8;
const PARALLELISM = 1;

export interface ScryptParams {
  log2N: number;
  r: number;
  p: number;
}

function derive(password: string, salt: Buffer, params: ScryptParams): Promise<Buffer> {
  const N = 2 ** params.log2N;
  // scrypt needs 128 * N * r bytes; leave headroom for the rest of the computation.
  const maxmem = 256 * N * params.r + 16 * 1024 * 1024;
  return new Promise((resolve, reject) => {
    scrypt(
      password.normalize("NFKC"),
      salt,
      KEY_LENGTH,
      { N, r: params.r, p: params.p, maxmem },
      (error, key) => (error ? reject(error) : resolve(key)),
    );
  });
}

export async function hashPassword(password: string, log2N: number): Promise<string> {
  const params = { log2N, r: BLOCK_SIZE, p: PARALLELISM };
  const salt = randomBytes(SALT_LENGTH);
  const key = await derive(password, salt, params);
  return [
    PREFIX,
    params.log2N,
    params.r,
    params.p,
    salt.toString("base64url"),
    key.toString("base64url"),
  ].join("$");
}

interface ParsedHash {
  params: ScryptParams;
  salt: Buffer;
  key: Buffer;
}

function parseHash(stored: string): ParsedHash | null {
  const [prefix, log2N, r, p, salt, key, ...rest] = stored.split("$");
  if (prefix !== PREFIX || rest.length > 0 || !salt || !key) return null;
  const params = { log2N: Number(log2N), r: Number(r), p: Number(p) };
  const valid =
    Number.isInteger(params.log2N) &&
    params.log2N >= 1 &&
    params.log2N <= 22 &&
    Number.isInteger(params.r) &&
    params.r >= 1 &&
    params.r <= 32 &&
    Number.isInteger(params.p) &&
    params.p >= 1 &&
    params.p <= 16;
  if (!valid) return null;
  return { params, salt: Buffer.from(salt, "base64url"), key: Buffer.from(key, "base64url") };
}

/** True when `password` matches `stored`; false for a wrong password or an unreadable hash. */
export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const parsed = parseHash(stored);
  if (!parsed || parsed.key.length !== KEY_LENGTH) return false;
  const key = await derive(password, parsed.salt, parsed.params);
  return timingSafeEqual(key, parsed.key);
}

/** True when the stored hash was made with other parameters than the current ones. */
export function needsRehash(stored: string, log2N: number): boolean {
  const parsed = parseHash(stored);
  return (
    !parsed ||
    parsed.params.log2N !== log2N ||
    parsed.params.r !== BLOCK_SIZE ||
    parsed.params.p !== PARALLELISM
  );
}

/**
 * A hash of a random password, verified against when the username is unknown, so a failed
 * login costs the same time whether or not the user exists.
 */
export function createDummyHash(log2N: number): () => Promise<string> {
  let pending: Promise<string> | undefined;
  return () => {
    pending ??= hashPassword(randomBytes(18).toString("base64url"), log2N);
    return pending;
  };
}
