import { createHmac } from "node:crypto";
import { jwtVerify, SignJWT } from "jose";
import { TEXT_LANGUAGES, type TextLanguage } from "../../texts";
import type { SignInChecks } from "./oidc-client";

/**
 * What a sign-in must remember between sso/login and the provider's callback (state, nonce,
 * PKCE verifier, the user's language), kept in the browser as a signed, HttpOnly cookie that
 * lives 10 minutes: any instance behind a load balancer can finish the flow, and nothing is
 * stored on the server. The key is derived from the JWT secret for this one purpose.
 */
export const STATE_COOKIE = "yardline_sso";
export const STATE_TTL_SECONDS = 600;
const TYPE = "sso-state";

export interface SignInState extends SignInChecks {
  lang: TextLanguage;
}

export interface StateCookies {
  seal(state: SignInState): Promise<string>;
  /** The state of a valid, unexpired cookie; null otherwise. */
  open(value: string | undefined): Promise<SignInState | null>;
}

export function createStateCookies(secret: Uint8Array): StateCookies {
  const key = createHmac("sha256", secret).update("yardline sso state cookie").digest();
  return {
    seal: (state) =>
      new SignJWT({ ...state, typ: TYPE })
        .setProtectedHeader({ alg: "HS256" })
        .setIssuedAt()
        .setExpirationTime(`${STATE_TTL_SECONDS}s`)
        .sign(key),
    async open(value) {
      if (!value) return null;
      try {
        const { payload } = await jwtVerify(value, key, { algorithms: ["HS256"] });
        const { state, nonce, codeVerifier, lang, typ } = payload;
        if (typ !== TYPE || typeof state !== "string" || typeof nonce !== "string") return null;
        if (typeof codeVerifier !== "string") return null;
        const language = TEXT_LANGUAGES.find((known) => known === lang) ?? "en";
        return { state, nonce, codeVerifier, lang: language };
      } catch {
        return null;
      }
    },
  };
}

/** One cookie's value from a Cookie header. */
export function cookieValue(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? "").split(";")) {
    const [key, ...rest] = part.trim().split("=");
    if (key === name) return rest.join("=");
  }
  return undefined;
}

/** Set-Cookie for the state (`value`) or its removal (null), scoped to /sso. */
export function stateCookieHeader(value: string | null, secure: boolean): string {
  const attributes = ["Path=/sso", "HttpOnly", "SameSite=Lax", ...(secure ? ["Secure"] : [])];
  return value === null
    ? [`${STATE_COOKIE}=`, "Max-Age=0", ...attributes].join("; ")
    : [`${STATE_COOKIE}=${value}`, `Max-Age=${STATE_TTL_SECONDS}`, ...attributes].join("; ");
}
