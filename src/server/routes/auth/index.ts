import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import {
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  RefreshResponse,
} from "../../../shared/contract/auth";
import { ErrorBody } from "../../../shared/contract/errors";
import { LogoutRequest } from "../../../shared/contract/logout";
import { createDummyHash } from "../../crypto/password";
import { login, logout, refresh } from "../../domain/auth/service";
import { errorResponses } from "../../http/responses";
import { tokenFromHeader } from "../../plugins/auth";

/** Token endpoints of spec section 7; they need neither a token nor a company header. */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
  const dummyHash = createDummyHash(app.serverConfig.passwordHashCost);

  app.post("/get-token", {
    schema: {
      tags: ["auth"],
      summary: "Log in: exchange username and password for an access and a refresh token",
      description:
        "`token` and `access` are the same JWT (24 h). `refresh` (30 days) is single use. " +
        "Failed attempts are limited per username and IP address (429 with Retry-After).",
      body: LoginRequest,
      response: {
        200: LoginResponse,
        ...errorResponses(400, 401, 413, 415, 429),
        503: ErrorBody.describe("Too many sign-ins at once (Retry-After)"),
      },
    },
    handler: (request) =>
      login(app.db, request.body, {
        hasher: app.passwordHasher,
        accessTokens: app.accessTokens,
        config: app.serverConfig,
        client: request.ip,
        dummyHash,
      }),
  });

  app.post("/jwt/refresh-token", {
    schema: {
      tags: ["auth"],
      summary: "Rotate a refresh token: returns a new access token and a new refresh token",
      description:
        "A refresh token works once. Presenting a used one answers 401 token_not_valid and " +
        "revokes its whole session (every token issued from that login).",
      body: RefreshRequest,
      response: { 200: RefreshResponse, ...errorResponses(400, 401, 413, 415) },
    },
    handler: (request) =>
      refresh(app.db, request.body.refresh, {
        accessTokens: app.accessTokens,
        config: app.serverConfig,
      }),
  });

  app.post("/jwt/logout", {
    schema: {
      tags: ["auth"],
      summary: "Log out: end the session of a refresh token and/or an access token",
      description:
        "Send the refresh token in the body, the access token as `Authorization: Bearer`, or " +
        "both. The whole session (refresh-token family) is revoked: its refresh tokens stop " +
        "working and its access tokens answer 401 token_not_valid from the next request on, " +
        "on every instance. Logging out an ended session again answers 204 as well.",
      security: [{}, { bearerAuth: [] }],
      // No body at all is fine when the access token is in the Authorization header.
      body: LogoutRequest.nullish(),
      response: {
        204: z.null().describe("Logged out"),
        ...errorResponses(400, 401, 413, 415),
      },
    },
    handler: async (request, reply) => {
      const tokens = {
        token: tokenFromHeader(request.headers.authorization),
        refreshToken: request.body?.refresh,
      };
      await logout(app.db, tokens, { accessTokens: app.accessTokens });
      return reply.code(204).send(null);
    },
  });
};
