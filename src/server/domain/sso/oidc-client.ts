import * as oidc from "openid-client";
import type { SsoConfig } from "../../config";

/**
 * The OpenID provider as Yardline uses it (openid-client v6): the authorization code flow with
 * PKCE, and RP-initiated logout. The provider's metadata is discovered at the first use and
 * kept; a failed discovery is tried again at the next sign-in.
 */
export interface SignInStart {
  /** Where to send the browser. */
  url: URL;
  /** Kept by the server side of the flow (state cookie) until the callback. */
  checks: SignInChecks;
}

export interface SignInChecks {
  state: string;
  nonce: string;
  codeVerifier: string;
}

export interface OidcClient {
  start(redirectUri: string): Promise<SignInStart>;
  /** The ID token claims of a completed sign-in; throws when the provider refused it. */
  finish(callbackUrl: URL, checks: SignInChecks): Promise<Record<string, unknown>>;
  /** The provider's end-session URL (undefined when it has none). */
  endSessionUrl(postLogoutRedirectUri: string): Promise<URL | undefined>;
}

/** http issuers only on the machine itself (a test or a local provider); https anywhere else. */
function isLoopback(url: URL): boolean {
  return ["localhost", "127.0.0.1", "[::1]"].includes(url.hostname);
}

export function createOidcClient(sso: SsoConfig): OidcClient {
  let discovered: Promise<oidc.Configuration> | null = null;
  const configuration = (): Promise<oidc.Configuration> => {
    discovered ??= (async () => {
      const issuer = new URL(sso.issuer);
      const insecure = issuer.protocol === "http:" && isLoopback(issuer);
      return oidc.discovery(
        issuer,
        sso.clientId,
        undefined,
        sso.clientSecret ? oidc.ClientSecretBasic(sso.clientSecret) : oidc.None(),
        insecure ? { execute: [oidc.allowInsecureRequests] } : undefined,
      );
    })().catch((error: unknown) => {
      discovered = null;
      throw error;
    });
    return discovered;
  };

  return {
    async start(redirectUri) {
      const config = await configuration();
      const checks: SignInChecks = {
        state: oidc.randomState(),
        nonce: oidc.randomNonce(),
        codeVerifier: oidc.randomPKCECodeVerifier(),
      };
      const url = oidc.buildAuthorizationUrl(config, {
        redirect_uri: redirectUri,
        scope: "openid profile email",
        code_challenge: await oidc.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: "S256",
        state: checks.state,
        nonce: checks.nonce,
      });
      return { url, checks };
    },
    async finish(callbackUrl, checks) {
      const config = await configuration();
      const tokens = await oidc.authorizationCodeGrant(config, callbackUrl, {
        pkceCodeVerifier: checks.codeVerifier,
        expectedState: checks.state,
        expectedNonce: checks.nonce,
        idTokenExpected: true,
      });
      return { ...tokens.claims() };
    },
    async endSessionUrl(postLogoutRedirectUri) {
      const config = await configuration();
      if (!config.serverMetadata().end_session_endpoint) return undefined;
      return oidc.buildEndSessionUrl(config, {
        client_id: sso.clientId,
        post_logout_redirect_uri: postLogoutRedirectUri,
      });
    },
  };
}
