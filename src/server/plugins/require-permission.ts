import type { preHandlerAsyncHookHandler } from "fastify";
import type { Permission } from "../../shared/permissions";
import { authOf } from "../auth/context";
import { requireAllowed } from "../auth/permissions";

/**
 * Route guard from the shared permission matrix (spec section 6): the caller's roles in the
 * request's company must all allow the permission. The client hides what this refuses.
 */
export function requirePermission(permission: Permission): preHandlerAsyncHookHandler {
  return async (request) => {
    requireAllowed(authOf(request), permission);
  };
}
