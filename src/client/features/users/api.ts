import { listOf } from "../../../shared/contract/paging";
import {
  AdminUser,
  CompanyRole,
  type UserCreate,
  type UserRolesPatch,
} from "../../../shared/contract/users";
import { http } from "../../lib/http";

/** api/user administration and api/role; answers parsed with the shared contract. */
const AdminUserList = listOf(AdminUser);
export const USERS_PAGE_SIZE = 10;

export async function listUsers(page: number, signal?: AbortSignal) {
  const body = await http.get<unknown>("api/user", {
    searchParams: { page, page_size: USERS_PAGE_SIZE },
    ...(signal ? { signal } : {}),
  });
  return AdminUserList.parse(body);
}

export async function getUser(id: number): Promise<AdminUser> {
  return AdminUser.parse(await http.get<unknown>(`api/user/${id}`));
}

export async function listRoles(): Promise<CompanyRole[]> {
  return CompanyRole.array().parse(await http.get<unknown>("api/role"));
}

export async function createUser(input: UserCreate): Promise<AdminUser> {
  return AdminUser.parse(await http.post<unknown>("api/user", input));
}

export async function changeUserRoles(
  id: number,
  version: number,
  patch: UserRolesPatch,
): Promise<AdminUser> {
  return AdminUser.parse(
    await http.patch<unknown>(`api/user/${id}`, patch, { headers: { "If-Match": `"${version}"` } }),
  );
}

export async function deleteUser(id: number): Promise<void> {
  await http.delete<unknown>(`api/user/${id}`);
}
