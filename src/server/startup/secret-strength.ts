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

/** The same few characters again and again ("0123456789" four times). */
function repeatsShortPattern(value: string): boolean {
  for (let period = 1; period <= value.length / 2; period += 1) {
    let repeats = true;
    for (let i = period; i < value.length && repeats; i += 1) {
      repeats = value[i] === value[i - period];
    }
    if (repeats) return true;
  }
  return false;
}

/** Mostly runs of consecutive characters ("abcdef...", "123456..."), as typed by hand. */
function mostlyRuns(value: string): boolean {
  let steps = 0;
  for (let i = 1; i < value.length; i += 1) {
    if (Math.abs(value.charCodeAt(i) - value.charCodeAt(i - 1)) === 1) steps += 1;
  }
  return steps * 2 > value.length;
}

/** Why `value` is a weak secret, or null when it will do. */
export function weakSecretReason(value: string): string | null {
  if (value.length < MIN_LENGTH) return `it is shorter than ${MIN_LENGTH} characters`;
  const lower = value.toLowerCase();
  const placeholder = PLACEHOLDERS.find((word) => lower.includes(word));
  if (placeholder) return `it contains the word "${placeholder}", as placeholders do`;
  if (entropyBits(value) < MIN_BITS || repeatsShortPattern(value)) {
    return "it repeats too few characters to be random";
  }
  if (mostlyRuns(value)) return "it is mostly runs of consecutive characters";
  return null;
}
