import type { AdminUser, CompanyRole } from "../../../shared/contract/users";
import { mayGrant } from "../../../shared/contract/users";
import { ROLE_KEYS, ROLES, type RoleKey, roleIdFor } from "../../../shared/roles";
import type { AuthContext } from "../../auth/context";
import type { AdminUserView } from "./admin-repository";

export function presentRole(role: RoleKey, isTrw: boolean) {
  return { id: roleIdFor(role, isTrw), name: role, description: ROLES[role].description };
}

/** A user as the caller sees it: only the companies the caller shares with them. */
export function presentAdminUser(
  view: AdminUserView,
  auth: AuthContext,
  callerCompanies: readonly number[],
): AdminUser {
  const { user } = view;
  return {
    id: user.id,
    username: user.username,
    first_name: user.firstName,
    last_name: user.lastName,
    email: user.email,
    companies: view.companyIds.filter((id) => callerCompanies.includes(id)),
    roles: view.roles.map((role) => presentRole(role, auth.company.is_trw)),
    clients: view.clientIds,
    is_active: user.isActive,
    version: user.version,
  };
}

/** Every role with its id in this company, and whether the caller may give it. */
export function presentCompanyRoles(auth: AuthContext): CompanyRole[] {
  const isTrw = auth.company.is_trw;
  return ROLE_KEYS.map((role) => ({
    ...presentRole(role, isTrw),
    assignable: mayGrant(auth.roles, role, isTrw),
  }));
}
