import { TOKEN_REFRESH_THRESHOLD_MS } from "../../shared/constants";

/**
 * Reads a JWT's expiry without a library: the payload is base64url JSON. The signature is not
 * checked (the server does that); this only decides when to renew.
 */
export function jwtExpiresAt(token: string | null): number | null {
  const payload = token?.split(".")[1];
  if (!payload) return null;
  try {
    const base64 = payload.replace(/-/g, "+").replace(/_/g, "/");
    const padded = base64 + "=".repeat((4 - (base64.length % 4)) % 4);
    const json: unknown = JSON.parse(atob(padded));
    if (typeof json !== "object" || json === null || !("exp" in json)) return null;
    return typeof json.exp === "number" ? json.exp * 1000 : null;
  } catch {
    return null;
  }
}

export type TokenDecision = "keep" | "refresh" | "unreadable";

/** Spec section 4: renew when the token expires within TOKEN_REFRESH_THRESHOLD_MS (2.4 h). */
export function tokenDecision(
  token: string | null,
  now: number = Date.now(),
  thresholdMs: number = TOKEN_REFRESH_THRESHOLD_MS,
): TokenDecision {
  const expiresAt = jwtExpiresAt(token);
  if (expiresAt === null) return "unreadable";
  return expiresAt - now < thresholdMs ? "refresh" : "keep";
}
