import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  LoginRequest,
  LoginResponse,
  RefreshRequest,
  RefreshResponse,
} from "../../../shared/contract/auth";
import { createDummyHash } from "../../auth/password";
import { errorResponses } from "../responses";
import { login, refresh } from "./service";

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
      response: { 200: LoginResponse, ...errorResponses(400, 401, 413, 415, 429) },
    },
    handler: (request) => login(app, request.body, request.ip, dummyHash),
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
    handler: (request) => refresh(app, request.body.refresh),
  });
};
