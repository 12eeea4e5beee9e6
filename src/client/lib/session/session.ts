import type { AuthUser, Group } from "../../../shared/contract/auth";
import { getConfig } from "../config";
import { isTokenNotValid, isTransient } from "../errors";
import { setUnauthorizedHandler } from "../http";
import { clearNotices } from "../notices";
import { clearSession, readStored, writeStored } from "../storage";
import { fetchAuthUser, fetchCompany, requestRefresh, requestTokens } from "./api";
import { endServerSession, retryPendingLogouts } from "./server-logout";
import {
  companyFromGroup,
  getSessionState,
  reloadSessionState,
  setAuthUser,
  setCompany,
} from "./session-store";

/**
 * Session transitions of spec section 4: login (password or SSO tokens), company choice,
 * profile refresh, token renewal and logout.
 */

/** The stored company if the user still belongs to it, else the first group. */
export function pickGroup(groups: readonly Group[], storedCompany: string | null): Group | null {
  return groups.find((group) => String(group.id) === storedCompany) ?? groups[0] ?? null;
}

export function hasSession(): boolean {
  return readStored("jwt") !== null;
}

function storeTokens(token: string, jwt: string, refresh: string): void {
  writeStored("token", token);
  writeStored("jwt", jwt);
  writeStored("refresh", refresh);
}

/** Loads the company's flags; a failed fetch leaves them all false (spec section 8). */
async function applyCompany(group: Group): Promise<void> {
  try {
    setCompany(await fetchCompany(group.id));
  } catch (error) {
    console.error("Company fetch failed; trw, repeat and langPt are off", error);
    setCompany(companyFromGroup(group));
  }
}

/** After tokens are stored: the user, the company (stored one if still allowed) and its flags. */
async function startSession(): Promise<AuthUser> {
  const storedCompany = readStored("company");
  // Without a company header the server answers for the user's first group.
  let auth = await fetchAuthUser(null);
  const group = pickGroup(auth.user.groups, storedCompany);
  if (group && group.id !== auth.user.groups[0]?.id) auth = await fetchAuthUser(String(group.id));
  if (group) {
    writeStored("company", String(group.id));
    await applyCompany(group);
  } else setCompany(null);
  setAuthUser(auth);
  void requestPersistentStorage();
  void retryPendingLogouts();
  return auth;
}

export async function login(username: string, password: string): Promise<AuthUser> {
  const tokens = await requestTokens(username, password);
  storeTokens(tokens.token, tokens.access, tokens.refresh);
  try {
    return await startSession();
  } catch (error) {
    logout();
    throw error;
  }
}

/** Single sign-on: /login?token=&refresh= (spec section 2). */
export async function loginWithTokens(token: string, refresh: string): Promise<AuthUser> {
  storeTokens(token, token, refresh);
  writeStored("sso", "1");
  try {
    return await startSession();
  } catch (error) {
    logout();
    throw error;
  }
}

/**
 * Clears exactly the session keys (user, token, jwt, refresh, group, company; lang stays) and
 * the notices on screen, then asks the server to end the session (best effort: logging out
 * works offline, and the server hears it later).
 */
export function logout(): void {
  void endServerSession(...forgetSession());
}

/** Clears the device's session; returns its tokens for the server's logout. */
function forgetSession(): [jwt: string | null, refresh: string | null] {
  const tokens: [string | null, string | null] = [readStored("jwt"), readStored("refresh")];
  clearSession();
  clearNotices();
  reloadSessionState();
  return tokens;
}

/** The session came from single sign-on (/login?token=&refresh=). */
export function isSingleSignOn(): boolean {
  return readStored("sso") !== null;
}

/**
 * Logout of a single sign-on session ends both sessions (spec section 7, GET sso/logout): the
 * app's is revoked first (waited for, since the page is left; unheard, it is retried later as
 * any logout), then the browser goes to sso/logout, which ends the provider's and returns to
 * /login.
 */
export async function logoutSingleSignOn(): Promise<void> {
  await endServerSession(...forgetSession());
  window.location.assign(`${getConfig().apiBase}sso/logout`);
}

let sessionEnded: () => void = () => {
  window.location.assign("/login");
};

/** What happens when the session ends by itself (the router sends the user to /login). */
export function setSessionEndedHandler(handler: () => void): void {
  sessionEnded = handler;
}

export function endSession(): void {
  logout();
  sessionEnded();
}

/** Refreshes user and roles before a route decision; the company flags too when unknown. */
export async function refreshProfile(): Promise<AuthUser> {
  const auth = await fetchAuthUser();
  setAuthUser(auth);
  return auth;
}

/**
 * Refreshes the selected company's flags. A rejected fetch turns trw, repeat and langPt off
 * (spec section 8); without network the stored flags stay, so an offline start keeps its menus.
 */
export async function refreshCompany(): Promise<void> {
  const current = getSessionState().company;
  if (current === null) return;
  try {
    setCompany(await fetchCompany(current.id));
  } catch (error) {
    if (isTransient(error)) return;
    console.error("Company fetch failed; trw, repeat and langPt are off", error);
    setCompany(companyFromGroup(current));
  }
}

/** Stores a new company choice (the page reloads afterwards, spec section 2). */
export function chooseCompany(group: Group): void {
  setCompany(companyFromGroup(group));
}

export type RenewResult = "renewed" | "invalid" | "failed";

/**
 * Renews the tokens with the refresh token. A refresh token works once and a reused one revokes
 * the session, so one tab at a time renews (Web Locks) and, inside the lock, a tab whose jwt was
 * already replaced by another tab keeps the new one instead of refreshing again.
 */
export async function renewTokens(
  jwtSeen: string | null = readStored("jwt"),
): Promise<RenewResult> {
  const run = async (): Promise<RenewResult> => {
    const jwt = readStored("jwt");
    const refresh = readStored("refresh");
    if (jwt === null || refresh === null) return "invalid";
    if (jwt !== jwtSeen) return "renewed";
    try {
      const tokens = await requestRefresh(refresh);
      storeTokens(tokens.access, tokens.access, tokens.refresh);
      return "renewed";
    } catch (error) {
      return isTokenNotValid(error) ? "invalid" : "failed";
    }
  };
  if (typeof navigator !== "undefined" && navigator.locks) {
    return navigator.locks.request("yardline-refresh", run);
  }
  return run();
}

// An authenticated call answered token_not_valid: renew once, or end the session.
setUnauthorizedHandler(async (failedJwt) => {
  const result = await renewTokens(failedJwt);
  if (result === "renewed") return true;
  if (result === "invalid") endSession();
  return false;
});

/** Asks the browser not to evict the offline data of a signed-in device. */
async function requestPersistentStorage(): Promise<void> {
  try {
    if (navigator.storage?.persist && !(await navigator.storage.persisted())) {
      await navigator.storage.persist();
    }
  } catch {
    // Not supported or refused: the data stays best-effort.
  }
}
