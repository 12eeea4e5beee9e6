import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMPANY_HEADER } from "../../shared/contract/company";
import { errors } from "../errors";
import { presentCompany } from "../routes/api/company/presenter";
import { memberCompany } from "../routes/api/company/repository";
import { clientIdsIn, rolesIn } from "../routes/api/user/repository";
import { DbId } from "../routes/params";
import { fieldErrors } from "./errors";

/**
 * Company scope for the /api scope: the `company` header names the company the request acts
 * for (default: the user's first group). A company the user does not belong to is answered
 * exactly like one that does not exist: 403 forbidden.
 */
export const CompanyHeaders = z.object({
  [COMPANY_HEADER]: z
    .preprocess(
      (value) => (value === "" || value === "null" || value === "undefined" ? undefined : value),
      DbId.optional(),
    )
    .describe("Id of the company the request acts for; defaults to the user's first group"),
});

export function installCompanyScope(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request) => {
    const identity = request.identity;
    if (!identity) throw errors.notAuthenticated();
    const parsed = CompanyHeaders.safeParse(request.headers);
    if (!parsed.success) {
      const issues = parsed.error.issues.map((issue) => ({
        instancePath: `/${issue.path.join("/")}`,
        message: issue.message,
      }));
      throw errors.validation(fieldErrors(issues, "headers"));
    }
    const userId = identity.user.id;
    const company = await memberCompany(scope.db, userId, parsed.data[COMPANY_HEADER]);
    if (!company) throw errors.forbidden("You do not have access to this company");
    const [roles, clientIds] = await Promise.all([
      rolesIn(scope.db, userId, company.id),
      clientIdsIn(scope.db, userId, company.id),
    ]);
    request.auth = {
      user: identity.user,
      sessionId: identity.sessionId,
      roles,
      company: presentCompany(company),
      clientIds,
    };
  });
}
