import {
  AuthUser,
  type ChangePasswordRequest,
  ChangePasswordResponse,
  LoginResponse,
  RefreshResponse,
} from "../../../shared/contract/auth";
import { Company } from "../../../shared/contract/company";
import type { LogoutRequest } from "../../../shared/contract/logout";
import { http } from "../http";

/** The session's calls (spec section 7), parsed with the shared contract. */
export async function requestTokens(username: string, password: string): Promise<LoginResponse> {
  return LoginResponse.parse(
    await http.post("get-token", { username, password }, { anonymous: true }),
  );
}

export async function requestRefresh(refresh: string): Promise<RefreshResponse> {
  return RefreshResponse.parse(
    await http.post("jwt/refresh-token", { refresh }, { anonymous: true }),
  );
}

/**
 * Ends the session on the server (POST jwt/logout): its refresh tokens and its access tokens
 * stop working everywhere. Sent with the given tokens, never the stored ones, and never
 * retried through the token renewal.
 */
export async function requestLogout(jwt: string | null, refresh: string | null): Promise<void> {
  const body: LogoutRequest = refresh === null ? {} : { refresh };
  await http.post("jwt/logout", body, {
    anonymous: true,
    headers: jwt === null ? {} : { Authorization: `Bearer ${jwt}` },
  });
}

/** The signed-in user with roles in `company` (the stored one when undefined; none when null). */
export async function fetchAuthUser(company?: string | null): Promise<AuthUser> {
  return AuthUser.parse(await http.get("api/user/auth", company === undefined ? {} : { company }));
}

export async function fetchCompany(id: number): Promise<Company> {
  return Company.parse(await http.get(`api/company/${id}`, { company: String(id) }));
}

export async function changePassword(
  userId: number,
  body: ChangePasswordRequest,
): Promise<{ detail: string }> {
  return ChangePasswordResponse.parse(await http.post(`api/user/${userId}/change_password`, body));
}
