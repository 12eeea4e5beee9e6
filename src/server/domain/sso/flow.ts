import type { SsoConfig } from "../../config";
import type { Db } from "../../db/database";
import type { TextLanguage } from "../../texts";
import type { OidcClient } from "./oidc-client";
import { type SsoProblem, ssoProblemPage } from "./pages";
import { type SignInDeps, signInWithClaims } from "./service";
import { type StateCookies, stateCookieHeader } from "./state-cookie";

/**
 * The three steps the sso routes take, as plain answers (a redirect with an optional cookie,
 * or a page): sso/login starts the flow, sso/callback finishes it, sso/logout ends the
 * provider's session after the app's.
 */
export type SsoAnswer =
  | { kind: "redirect"; location: string; cookie?: string }
  | { kind: "page"; status: number; html: string; cookie?: string };

export interface SsoSite {
  /** Where the browser is sent back with the code (registered with the provider). */
  redirectUri: string;
  /** The site's origin: /login lives there. */
  origin: string;
  /** The request came over https (the state cookie is then Secure). */
  secure: boolean;
}

/** The callback URL as registered (SSO_REDIRECT_URI) or on the request's own origin. */
export function ssoSite(sso: SsoConfig, requestOrigin: string): SsoSite {
  const redirectUri = sso.redirectUri ?? `${requestOrigin}/sso/callback`;
  const origin = new URL(redirectUri).origin;
  return { redirectUri, origin, secure: origin.startsWith("https:") };
}

const page = (status: number, problem: SsoProblem, lang: TextLanguage, cookie?: string) =>
  ({ kind: "page", status, html: ssoProblemPage(problem, lang), cookie }) as const;

export async function beginSignIn(
  client: OidcClient,
  cookies: StateCookies,
  site: SsoSite,
  lang: TextLanguage,
  log: (error: unknown) => void,
): Promise<SsoAnswer> {
  try {
    const { url, checks } = await client.start(site.redirectUri);
    const sealed = await cookies.seal({ ...checks, lang });
    return { kind: "redirect", location: url.href, cookie: stateCookieHeader(sealed, site.secure) };
  } catch (error) {
    log(error);
    return page(503, { kind: "unavailable" }, lang);
  }
}

export interface CallbackInput {
  /** The query string of the callback request, with its leading "?" (or empty). */
  search: string;
  cookie: string | undefined;
  /** Accept-Language's choice, when the state cookie is gone. */
  fallbackLang: TextLanguage;
}

/**
 * Checks the provider's answer against the state cookie (state, nonce, PKCE), then signs the
 * named user in: the app gets its token and refresh token as /login?token=&refresh= (spec
 * section 2, "SSO token"). An unknown user gets a page, and the provider's session may be
 * ended from there to try another account.
 */
export async function finishSignIn(
  db: Db,
  client: OidcClient,
  cookies: StateCookies,
  site: SsoSite,
  input: CallbackInput,
  deps: SignInDeps & { log: (error: unknown) => void },
): Promise<SsoAnswer> {
  const cleared = stateCookieHeader(null, site.secure);
  const state = await cookies.open(input.cookie);
  if (state === null) return page(400, { kind: "failed" }, input.fallbackLang, cleared);
  let claims: Record<string, unknown>;
  try {
    const callbackUrl = new URL(site.redirectUri);
    callbackUrl.search = input.search;
    claims = await client.finish(callbackUrl, state);
  } catch (error) {
    deps.log(error);
    return page(400, { kind: "failed" }, state.lang, cleared);
  }
  const outcome = await signInWithClaims(db, claims, deps);
  if (outcome.kind === "unknown-user") {
    const otherAccountUrl = await endSessionUrl(client, site).catch(() => undefined);
    return page(403, { ...outcome, otherAccountUrl }, state.lang, cleared);
  }
  const login = new URL("/login", site.origin);
  login.search = new URLSearchParams({ token: outcome.token, refresh: outcome.refresh }).toString();
  return { kind: "redirect", location: login.href, cookie: cleared };
}

async function endSessionUrl(client: OidcClient, site: SsoSite): Promise<string | undefined> {
  return (await client.endSessionUrl(new URL("/login", site.origin).href))?.href;
}

/** Ends the provider's session and comes back to /login (straight there without one). */
export async function signOut(
  client: OidcClient | null,
  site: SsoSite | null,
  log: (error: unknown) => void,
): Promise<SsoAnswer> {
  if (client === null || site === null) return { kind: "redirect", location: "/login" };
  try {
    return { kind: "redirect", location: (await endSessionUrl(client, site)) ?? "/login" };
  } catch (error) {
    log(error);
    return { kind: "redirect", location: "/login" };
  }
}
