import { mayGrant, type UserCreateValues } from "../../../shared/contract/users";
import { can } from "../../../shared/permissions";
import type { RoleKey } from "../../../shared/roles";
import type { AuthContext } from "../../auth/context";
import type { PasswordHasher } from "../../auth/hasher";
import type { Db } from "../../db/database";
import { isUniqueViolation } from "../../db/errors";
import { ApiError, errors } from "../../errors";
import { staleVersion } from "../../http/versioning";
import { groupsOf, memberCompany } from "../company/repository";
import {
  type AdminUserView,
  companyClients,
  findCompanyUser,
  insertAdminUser,
  removeFromCompany,
  replaceRoles,
  usernameTaken,
} from "./admin-repository";

export const DUPLICATE_USERNAME = "A user with this username already exists";

/** The caller's own companies (ids): nobody gives access to a company they are not in. */
export async function callerCompanies(db: Db, auth: AuthContext): Promise<number[]> {
  return (await groupsOf(db, auth.user.id)).map((group) => group.id);
}

/** Refuses roles the caller may not give in `companyId` (403 naming fields.roles). */
async function checkGrant(
  db: Db,
  auth: AuthContext,
  companyId: number,
  roles: readonly RoleKey[],
): Promise<void> {
  const company =
    companyId === auth.company.id ? auth.company : await memberCompany(db, auth.user.id, companyId);
  if (!company) throw errors.forbidden("You may only give access to your own companies");
  // The caller's roles where the user is given access (their roles in that company).
  const callerRoles =
    companyId === auth.company.id ? auth.roles : await rolesIn(db, auth.user.id, companyId);
  const isTrw = "is_trw" in company ? company.is_trw : company.isTrw;
  const refused = roles.filter((role) => !mayGrant(callerRoles, role, isTrw));
  if (refused.length > 0) {
    throw new ApiError(403, "forbidden", `You may not give these roles: ${refused.join(", ")}`, {
      roles: refused.map((role) => `You may not give the role ${role}`),
    });
  }
}

async function rolesIn(db: Db, userId: number, companyId: number) {
  const view = await findCompanyUser(db, companyId, userId);
  return view?.roles ?? [];
}

export async function createUser(
  db: Db,
  auth: AuthContext,
  body: UserCreateValues,
  deps: { hasher: PasswordHasher; client: string },
): Promise<AdminUserView> {
  const mine = await callerCompanies(db, auth);
  const companyIds = [...new Set(body.companies ?? [auth.company.id])];
  const foreign = companyIds.filter((id) => !mine.includes(id));
  if (foreign.length > 0) {
    throw new ApiError(403, "forbidden", "You may only give access to your own companies", {
      companies: foreign.map((id) => `Not one of your companies: ${id}`),
    });
  }
  if (!companyIds.includes(auth.company.id)) {
    // The user is made in (and answered for) the company the request acts for.
    throw errors.validation({ companies: ["Include the company you are working in"] });
  }
  for (const companyId of companyIds) await checkGrant(db, auth, companyId, body.roles);
  const clientIds = [...new Set(body.clients)];
  const known = await companyClients(db, auth.company.id, clientIds);
  if (known.length !== clientIds.length) {
    throw errors.validation({ clients: ["Unknown client for this company"] });
  }
  if (await usernameTaken(db, body.username)) {
    throw errors.conflict({ username: [DUPLICATE_USERNAME] }, DUPLICATE_USERNAME);
  }
  const passwordHash = await deps.hasher.hash(deps.client, body.password);
  let id: number;
  try {
    id = await insertAdminUser(db, {
      username: body.username,
      firstName: body.first_name,
      lastName: body.last_name,
      email: body.email,
      passwordHash,
      companyIds,
      roles: body.roles,
      clientIds,
    });
  } catch (error) {
    if (isUniqueViolation(error, "users_username_key")) {
      throw errors.conflict({ username: [DUPLICATE_USERNAME] }, DUPLICATE_USERNAME);
    }
    throw error;
  }
  const view = await findCompanyUser(db, auth.company.id, id);
  if (!view) throw errors.internal();
  return view;
}

/** A target the caller may manage: in this company, not themselves, holding nothing more. */
async function manageable(
  db: Db,
  auth: AuthContext,
  id: number,
  action: string,
): Promise<AdminUserView> {
  if (id === auth.user.id) throw errors.forbidden(`You may not ${action} yourself`);
  const view = await findCompanyUser(db, auth.company.id, id);
  if (!view?.user.isActive) throw errors.notFound();
  const stronger = view.roles.filter((role) => !mayGrant(auth.roles, role, auth.company.is_trw));
  if (stronger.length > 0) {
    throw errors.forbidden(`This user holds roles you may not give: ${stronger.join(", ")}`);
  }
  return view;
}

export async function changeRoles(
  db: Db,
  auth: AuthContext,
  id: number,
  roles: RoleKey[],
  versions: number[] | undefined,
): Promise<AdminUserView> {
  const current = await manageable(db, auth, id, "change the roles of");
  if (versions && !versions.includes(current.user.version)) {
    throw staleVersion(null, current.user.version);
  }
  await checkGrant(db, auth, auth.company.id, roles);
  await replaceRoles(db, id, auth.company.id, roles);
  const view = await findCompanyUser(db, auth.company.id, id);
  if (!view) throw errors.notFound();
  return view;
}

export async function deleteUser(db: Db, auth: AuthContext, id: number) {
  await manageable(db, auth, id, "delete");
  await removeFromCompany(db, id, auth.company.id);
}

/** Lists and reads: whoever may add users (addExp) or read a line's history (seeHistory). */
export function mayReadUsers(auth: AuthContext): boolean {
  const isTrw = auth.company.is_trw;
  return can(auth.roles, "addExp", isTrw) || can(auth.roles, "seeHistory", isTrw);
}
