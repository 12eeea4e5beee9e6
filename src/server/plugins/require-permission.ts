import type { preHandlerAsyncHookHandler } from "fastify";
import { can, type Permission } from "../../shared/permissions";
import { authOf } from "../auth/context";
import { errors } from "../errors";

/**
 * Route guard from the shared permission matrix (spec section 6): the caller's roles in the
 * request's company must all allow the permission. The client hides what this refuses.
 */
export function requirePermission(permission: Permission): preHandlerAsyncHookHandler {
  return async (request) => {
    const auth = authOf(request);
    if (!can(auth.roles, permission, auth.company.is_trw)) throw errors.forbidden();
  };
}
