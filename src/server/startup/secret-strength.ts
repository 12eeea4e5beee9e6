/**
 * Whether a secret can stand in production: long enough, random-looking enough, and not a
 * placeholder. Shannon entropy of the characters times the length estimates the bits an
 * attacker must guess; a random 32-byte value in hex or base64 has well over 128.
 */
const MIN_LENGTH = 32;
const MIN_BITS = 128;
const PLACEHOLDERS = ["yardline", "secret", "change", "example", "password", "default"];

function entropyBits(value: string): number {
  const counts = new Map<string, number>();
  for (const char of value) counts.set(char, (counts.get(char) ?? 0) + 1);
  const length = [...value].length;
  let perChar = 0;
  for (const n of counts.values()) perChar -= (n / length) * Math.log2(n / length);
  return perChar * length;
}

/** Why `value` is a weak secret, or null when it will do. */
export function weakSecretReason(value: string): string | null {
  if (value.length < MIN_LENGTH) return `it is shorter than ${MIN_LENGTH} characters`;
  const lower = value.toLowerCase();
  const placeholder = PLACEHOLDERS.find((word) => lower.includes(word));
  if (placeholder) return `it contains the word "${placeholder}", as placeholders do`;
  if (entropyBits(value) < MIN_BITS) return "it repeats too few characters to be random";
  return null;
}
