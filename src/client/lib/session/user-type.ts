import { readStoredJson } from "../storage";

/**
 * The signed-in user's type, apart from the full session store so the login page's boot path
 * (lib/i18n: mexico users start in mx) needs no contract parser. session-store.ts publishes
 * every change; before it loads, the stored user's type is read as is.
 */
function storedUserType(): string | undefined {
  const user = readStoredJson<unknown>("user");
  if (typeof user !== "object" || user === null || !("user_type" in user)) return undefined;
  return typeof user.user_type === "string" ? user.user_type : undefined;
}

let current: string | undefined = storedUserType();
const listeners = new Set<() => void>();

export function currentUserType(): string | undefined {
  return current;
}

export function subscribeUserType(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function publishUserType(next: string | undefined): void {
  if (next === current) return;
  current = next;
  for (const listener of listeners) listener();
}
