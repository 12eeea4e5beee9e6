import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { COMPANY_HEADER } from "../../shared/contract/company";
import { loadApiKeyContext } from "../auth/api-key";
import { loadAuthContext } from "../auth/context";
import { contextKey } from "../auth/context-cache";
import { errors } from "../errors";
import { DbId, MAX_DB_ID } from "../http/params";
import { fieldErrors } from "../http/validation-errors";

/**
 * Company scope for the /api scope: the `company` header names the company the request acts
 * for (default: the user's first group). One query (auth/context.ts) loads the session, user,
 * membership, roles and client limits, kept until one of them changes (auth/context-cache.ts):
 * a dead session or an inactive user is 401 token_not_valid; a company the user does not
 * belong to is answered exactly like one that does not exist: 403 forbidden.
 */
export const CompanyHeaders = z.object({
  [COMPANY_HEADER]: z
    .preprocess(
      (value) => (value === "" || value === "null" || value === "undefined" ? undefined : value),
      DbId.optional(),
    )
    .describe("Id of the company the request acts for; defaults to the user's first group"),
});

const ABSENT = new Set(["", "null", "undefined"]);
const INVALID = Symbol("invalid");

/**
 * The header's company id, read by hand (the route schema validates the same rules with
 * CompanyHeaders; this avoids a second zod pass over all headers on every request).
 */
export function companyIdOf(
  value: string | string[] | undefined,
): number | undefined | typeof INVALID {
  if (value === undefined) return undefined;
  if (Array.isArray(value)) return INVALID;
  if (ABSENT.has(value)) return undefined;
  const id = Number(value.trim());
  if (value.trim() === "" || !Number.isInteger(id) || id <= 0 || id > MAX_DB_ID) return INVALID;
  return id;
}

/** The 400 for a bad header, worded by the same schema the route validates with. */
function headerError(headers: unknown) {
  const parsed = CompanyHeaders.safeParse(headers);
  const issues = parsed.success
    ? [{ instancePath: `/${COMPANY_HEADER}`, message: "Invalid value" }]
    : parsed.error.issues.map((issue) => ({
        instancePath: `/${issue.path.join("/")}`,
        message: issue.message,
      }));
  return errors.validation(fieldErrors(issues, "headers"));
}

export function installCompanyScope(scope: FastifyInstance): void {
  scope.addHook("onRequest", async (request) => {
    const claims = request.identity;
    const apiKey = request.apiKeyToken;
    if (!claims && !apiKey) throw errors.notAuthenticated();
    const companyId = companyIdOf(request.headers[COMPANY_HEADER]);
    const requested = companyId === INVALID ? undefined : companyId;
    // A bad header still checks the session first: a dead token is 401 before it is 400.
    const found = apiKey
      ? await loadApiKeyContext(scope.db, apiKey, requested)
      : claims
        ? await scope.authContexts.resolve(
            contextKey(claims.userId, claims.sessionId, requested),
            () => loadAuthContext(scope.db, claims, requested),
          )
        : ({ kind: "dead_session" } as const);
    if (found.kind === "dead_session") throw errors.tokenNotValid();
    if (companyId === INVALID) throw headerError(request.headers);
    if (found.kind === "not_member") {
      throw errors.forbidden("You do not have access to this company");
    }
    request.auth = found.auth;
  });
}
