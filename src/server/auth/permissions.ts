import { can, type Permission } from "../../shared/permissions";
import { errors } from "../errors";
import type { AuthContext } from "./context";

/** Whether the caller's roles in the request's company allow the permission (spec section 6). */
export function allowed(auth: AuthContext, permission: Permission): boolean {
  return can(auth.roles, permission, auth.company.is_trw);
}

/** 403 unless allowed. */
export function requireAllowed(auth: AuthContext, permission: Permission): void {
  if (!allowed(auth, permission)) throw errors.forbidden();
}

/**
 * 403 unless a person holding the admin role calls: integrations (webhooks, API keys) are
 * managed by people, so an API key never creates keys or reads signing secrets.
 */
export function requirePersonAdmin(auth: AuthContext): void {
  if (auth.apiKey || !auth.roles.includes("admin")) {
    throw errors.forbidden("Only an administrator, signed in, may manage integrations");
  }
}
