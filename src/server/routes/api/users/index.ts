import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  AuthUser,
  ChangePasswordRequest,
  ChangePasswordResponse,
} from "../../../../shared/contract/auth";
import { ErrorBody } from "../../../../shared/contract/errors";
import { authOf } from "../../../auth/context";
import { groupsOf } from "../../../domain/company/repository";
import { presentAuthUser } from "../../../domain/users/presenter";
import { changeOwnPassword, PASSWORD_CHANGED } from "../../../domain/users/service";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { userAdminRoutes } from "./admin-routes";

export const userRoutes: FastifyPluginAsyncZod = async (app) => {
  // The user admin routes (api/user list, create, edit, delete) are the same resource.
  await app.register(userAdminRoutes);
  app.get("/user/auth", {
    schema: {
      tags: ["user"],
      summary: "The signed-in user: groups, roles in the current company, clients, user type",
      response: { 200: AuthUser, ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      return presentAuthUser(auth, await groupsOf(app.db, auth.user.id));
    },
  });

  app.post("/user/:id/change_password", {
    schema: {
      tags: ["user"],
      summary: "Change one's own password; other sessions of the user are signed out",
      params: IdParams,
      body: ChangePasswordRequest,
      response: {
        200: ChangePasswordResponse,
        ...errorResponses(...API_ERRORS, 413, 415, 429),
        503: ErrorBody.describe("Too many password checks at once (Retry-After)"),
      },
    },
    handler: async (request) => {
      await changeOwnPassword(app.db, authOf(request), request.params.id, request.body, {
        hasher: app.passwordHasher,
        rateLimit: app.serverConfig.rateLimit,
        client: request.ip,
      });
      return { detail: PASSWORD_CHANGED };
    },
  });
};
