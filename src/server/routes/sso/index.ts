import type { FastifyReply, FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { beginSignIn, finishSignIn, type SsoAnswer, signOut, ssoSite } from "../../domain/sso/flow";
import { createOidcClient } from "../../domain/sso/oidc-client";
import { cookieValue, createStateCookies, STATE_COOKIE } from "../../domain/sso/state-cookie";
import { errors } from "../../errors";
import { errorResponses } from "../../http/responses";
import { languageFromHeader, TEXT_LANGUAGES } from "../../texts";

export interface SsoRoutesOptions {
  /** The JWT secret: the state cookie's key is derived from it (domain/sso/state-cookie.ts). */
  secret: Uint8Array;
}

const REDIRECT = "Redirect (Location)";

function send(reply: FastifyReply, answer: SsoAnswer) {
  if (answer.cookie) reply.header("set-cookie", answer.cookie);
  reply.header("cache-control", "no-store");
  if (answer.kind === "redirect") return reply.redirect(answer.location, 302);
  return reply.code(answer.status).type("text/html; charset=utf-8").send(answer.html);
}

const requestOrigin = (request: FastifyRequest) => `${request.protocol}://${request.host}`;

/**
 * Single sign-on over OpenID Connect (spec section 7: GET sso/login, GET sso/logout; the
 * callback is ours). Not configured (no SSO_ISSUER): sso/login and sso/callback answer 404 and
 * sso/logout leads to /login. Logic in domain/sso.
 */
export const ssoRoutes: FastifyPluginAsyncZod<SsoRoutesOptions> = async (app, { secret }) => {
  const sso = app.serverConfig.sso;
  const client = sso ? createOidcClient(sso) : null;
  const cookies = createStateCookies(secret);
  const logError = (error: unknown) => app.log.warn({ err: error }, "single sign-on failed");
  if (!sso && app.serverConfig.runtime.ssoVisible) {
    app.log.warn("SSO_VISIBLE is set but SSO_ISSUER is not: the SSO button leads nowhere");
  }

  app.get("/sso/login", {
    schema: {
      tags: ["auth"],
      summary: "Single sign-on: go to the OpenID provider (authorization code flow with PKCE)",
      description:
        "Redirects to the provider with state, nonce and a PKCE challenge, kept in a signed " +
        "10-minute cookie. `lang` is the language of the pages a refused sign-in shows.",
      querystring: z.object({ lang: z.enum(TEXT_LANGUAGES).optional() }),
      response: { 302: z.null().describe(REDIRECT), ...errorResponses(400, 404) },
    },
    handler: async (request, reply) => {
      if (!client || !sso) throw errors.notFound();
      const lang = request.query.lang ?? languageFromHeader(request.headers["accept-language"]);
      const site = ssoSite(sso, requestOrigin(request));
      return send(reply, await beginSignIn(client, cookies, site, lang, logError));
    },
  });

  app.get("/sso/callback", {
    schema: {
      tags: ["auth"],
      summary: "Single sign-on: the provider's answer",
      description:
        "A known, active user is sent to `/login?token=&refresh=` (the app stores both, as " +
        "after a password login). An unknown user gets a page (403) in their language; " +
        "nobody is created.",
      querystring: z.object({}).passthrough(),
      response: { 302: z.null().describe(REDIRECT), ...errorResponses(404) },
    },
    handler: async (request, reply) => {
      if (!client || !sso) throw errors.notFound();
      const site = ssoSite(sso, requestOrigin(request));
      const query = request.url.indexOf("?");
      const answer = await finishSignIn(
        app.db,
        client,
        cookies,
        site,
        {
          search: query === -1 ? "" : request.url.slice(query),
          cookie: cookieValue(request.headers.cookie, STATE_COOKIE),
          fallbackLang: languageFromHeader(request.headers["accept-language"]),
        },
        {
          userClaim: sso.userClaim,
          accessTokens: app.accessTokens,
          refreshTtlSeconds: app.serverConfig.refreshTokenTtlSeconds,
          log: logError,
        },
      );
      return send(reply, answer);
    },
  });

  app.get("/sso/logout", {
    schema: {
      tags: ["auth"],
      summary: "Single sign-on: end the provider's session, then back to /login",
      description:
        "The app ends its own session first (POST jwt/logout); this ends the provider's " +
        "(its end_session_endpoint) and returns to /login.",
      response: { 302: z.null().describe(REDIRECT) },
    },
    handler: async (request, reply) => {
      const site = sso ? ssoSite(sso, requestOrigin(request)) : null;
      return send(reply, await signOut(client, site, logError));
    },
  });
};
