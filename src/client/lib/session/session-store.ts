import { AuthUser, Group } from "../../../shared/contract/auth";
import { Company } from "../../../shared/contract/company";
import { readStoredJson, writeStored } from "../storage";
import { publishUserType } from "./user-type";

/**
 * The session as the UI sees it, mirrored from localStorage (user, group) so a reload or an
 * offline start has it at once. `group` holds the selected company with its flags; before its
 * flags are known (or when the company fetch failed) they are all false (spec section 8).
 */
export interface SessionState {
  auth: AuthUser | null;
  company: Company | null;
}

export function companyFromGroup(group: Group): Company {
  return {
    id: group.id,
    name: group.name,
    code: null,
    is_trw: false,
    has_expeditions_rrule: false,
    has_receptions_rrule: false,
    lang_pt: false,
  };
}

export function readSessionState(): SessionState {
  const auth = AuthUser.safeParse(readStoredJson("user"));
  const stored = readStoredJson("group");
  const company = Company.safeParse(stored);
  const group = Group.safeParse(stored);
  return {
    auth: auth.success ? auth.data : null,
    company: company.success ? company.data : group.success ? companyFromGroup(group.data) : null,
  };
}

let state: SessionState = readSessionState();
const listeners = new Set<() => void>();
// A stored user the contract refuses counts as signed out for the language rules too.
publishUserType(state.auth?.user_type);

export function getSessionState(): SessionState {
  return state;
}

export function subscribeSession(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function publish(next: SessionState): void {
  state = next;
  publishUserType(next.auth?.user_type);
  for (const listener of listeners) listener();
}

export function setAuthUser(auth: AuthUser | null): void {
  writeStored("user", auth === null ? null : JSON.stringify(auth));
  publish({ ...state, auth });
}

/** Stores the selected company: `group` (with flags) and `company` (the request header). */
export function setCompany(company: Company | null): void {
  writeStored("group", company === null ? null : JSON.stringify(company));
  writeStored("company", company === null ? null : String(company.id));
  publish({ ...state, company });
}

/** Re-reads localStorage (after logout, or when another tab changed the session). */
export function reloadSessionState(): void {
  publish(readSessionState());
}
