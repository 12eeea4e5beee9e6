import type { AuthUser } from "../../../shared/contract/auth";
import { ROLES, roleIdFor } from "../../../shared/roles";
import type { AuthContext } from "../../auth/context";

export function presentAuthUser(
  auth: AuthContext,
  groups: readonly { id: number; name: string }[],
): AuthUser {
  const { user, company } = auth;
  return {
    user: {
      id: user.id,
      username: user.username,
      first_name: user.firstName,
      last_name: user.lastName,
      email: user.email,
      groups: groups.map(({ id, name }) => ({ id, name })),
    },
    roles: auth.roles.map((role) => ({
      id: roleIdFor(role, company.is_trw),
      name: role,
      description: ROLES[role].description,
    })),
    clients: [...auth.clientIds],
    user_type: user.userType,
  };
}
