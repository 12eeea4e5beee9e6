/**
 * The session keys of spec section 4 in localStorage. Logging out clears all of SESSION_KEYS;
 * `lang` survives (its own rules live in i18n).
 */
export const STORAGE_KEYS = {
  user: "user",
  token: "token",
  jwt: "jwt",
  refresh: "refresh",
  group: "group",
  company: "company",
  lang: "lang",
  /** Set when the session came from single sign-on: logging out also leaves the provider. */
  sso: "sso",
} as const;

export type StorageKey = keyof typeof STORAGE_KEYS;

export const SESSION_KEYS: readonly StorageKey[] = [
  "user",
  "token",
  "jwt",
  "refresh",
  "group",
  "company",
  "sso",
];

export function readStored(key: StorageKey): string | null {
  try {
    return localStorage.getItem(STORAGE_KEYS[key]);
  } catch {
    return null;
  }
}

export function writeStored(key: StorageKey, value: string | null): void {
  if (value === null) localStorage.removeItem(STORAGE_KEYS[key]);
  else localStorage.setItem(STORAGE_KEYS[key], value);
}

export function readStoredJson<T>(key: StorageKey): T | null {
  const raw = readStored(key);
  if (raw === null) return null;
  try {
    return JSON.parse(raw) as T;
  } catch {
    return null;
  }
}

export function clearSession(): void {
  for (const key of SESSION_KEYS) writeStored(key, null);
}
