import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import { ErrorBody } from "../../../../shared/contract/errors";
import { listOf } from "../../../../shared/contract/paging";
import {
  AdminUser,
  CompanyRole,
  UserCreate,
  UserListQuery,
  UserRolesPatch,
} from "../../../../shared/contract/users";
import { authOf } from "../../../auth/context";
import { presentAdminUser, presentCompanyRoles } from "../../../domain/users/admin-presenter";
import { findCompanyUser, listCompanyUsers } from "../../../domain/users/admin-repository";
import {
  callerCompanies,
  changeRoles,
  createUser,
  deleteUser,
  mayReadUsers,
} from "../../../domain/users/admin-service";
import { errors } from "../../../errors";
import { pageOf, rowWindow } from "../../../http/page";
import { IdParams } from "../../../http/params";
import { API_ERRORS, errorResponses } from "../../../http/responses";
import { etagOf, IfMatchHeaders, ifMatchVersions } from "../../../http/versioning";
import { requirePermission } from "../../../plugins/require-permission";

const tags = ["user"];
const READ =
  "Needs addExp or seeHistory (the history dialog names users). Members of the request's " +
  "company only; companies lists only those the caller shares with the user. ";
const RULES =
  "Nobody gives a role that grants a permission they lack themselves (admins give any), " +
  "nor access to a company they are not in; nobody changes their own roles or deletes " +
  "themselves, nor a user holding a role they could not give. ";

/** User administration of the request's company (spec 02 "Users", section 7). */
export const userAdminRoutes: FastifyPluginAsyncZod = async (app) => {
  const readGuard = async (request: Parameters<typeof authOf>[0]) => {
    if (!mayReadUsers(authOf(request))) throw errors.forbidden();
  };

  app.get("/role", {
    schema: {
      tags,
      summary: "Roles of the company, with their ids there (trw variants)",
      description:
        "Every role, its id in this company (truck access is 14 in trw companies) and whether " +
        "the caller may give it (assignable).",
      response: { 200: z.array(CompanyRole), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => presentCompanyRoles(authOf(request)),
  });

  app.get("/user", {
    preHandler: readGuard,
    schema: {
      tags,
      summary: "Users of the company, by username, paged (10)",
      description: `${READ}Deleted users are left out.`,
      querystring: UserListQuery,
      response: { 200: listOf(AdminUser), ...errorResponses(...API_ERRORS) },
    },
    handler: async (request) => {
      const auth = authOf(request);
      const { page, page_size: pageSize } = request.query;
      const [mine, { count, rows }] = await Promise.all([
        callerCompanies(app.db, auth),
        listCompanyUsers(app.db, auth.company.id, rowWindow(request.query)),
      ]);
      return pageOf(
        request.url,
        { page, pageSize },
        count,
        rows.map((view) => presentAdminUser(view, auth, mine)),
      );
    },
  });

  app.get("/user/:id", {
    preHandler: readGuard,
    schema: {
      tags,
      summary: "One user of the company",
      description: `${READ}Answers the user's ETag.`,
      params: IdParams,
      response: { 200: AdminUser, ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const view = await findCompanyUser(app.db, auth.company.id, request.params.id);
      if (!view) throw errors.notFound();
      reply.header("etag", etagOf(view.user.version));
      return presentAdminUser(view, auth, await callerCompanies(app.db, auth));
    },
  });

  app.post("/user", {
    preHandler: requirePermission("addExp"),
    schema: {
      tags,
      summary: "Create a user (addExp)",
      description:
        `Requires addExp (spec: adding users needs it). ${RULES}The password is hashed like ` +
        "every other (scrypt); roles are given in every company named (the request's company " +
        "when companies is omitted); clients limit the user within the request's company.",
      body: UserCreate,
      response: {
        201: AdminUser,
        ...errorResponses(...API_ERRORS, 409, 413, 415),
        503: ErrorBody.describe("Too many password hashes at once (Retry-After)"),
      },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const view = await createUser(app.db, auth, request.body, {
        hasher: app.passwordHasher,
        client: request.ip,
      });
      reply
        .code(201)
        .header("etag", etagOf(view.user.version))
        .header("location", `/api/user/${view.user.id}`);
      return presentAdminUser(view, auth, await callerCompanies(app.db, auth));
    },
  });

  app.patch("/user/:id", {
    preHandler: requirePermission("addExp"),
    schema: {
      tags,
      summary: "Change a user's roles in the company (addExp)",
      description: `Requires addExp. Only roles change (spec section 5). ${RULES}`,
      params: IdParams,
      headers: IfMatchHeaders,
      body: UserRolesPatch,
      response: { 200: AdminUser, ...errorResponses(...API_ERRORS, 404, 412, 413, 415) },
    },
    handler: async (request, reply) => {
      const auth = authOf(request);
      const view = await changeRoles(
        app.db,
        auth,
        request.params.id,
        request.body.roles,
        ifMatchVersions(request.headers["if-match"]),
      );
      reply.header("etag", etagOf(view.user.version));
      return presentAdminUser(view, auth, await callerCompanies(app.db, auth));
    },
  });

  app.delete("/user/:id", {
    preHandler: requirePermission("addExp"),
    schema: {
      tags,
      summary: "Delete a user from the company (addExp)",
      description:
        `Requires addExp (spec). ${RULES}The user leaves this company (and its roles); a user ` +
        "left without companies is deactivated, never erased, so the history of what they did " +
        "still names them.",
      params: IdParams,
      response: { 204: z.null().describe("Deleted"), ...errorResponses(...API_ERRORS, 404) },
    },
    handler: async (request, reply) => {
      await deleteUser(app.db, authOf(request), request.params.id);
      return reply.code(204).send(null);
    },
  });
};
