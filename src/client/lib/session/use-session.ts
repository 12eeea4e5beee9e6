import { useCallback, useMemo, useSyncExternalStore } from "react";
import type { AuthUser } from "../../../shared/contract/auth";
import type { Company } from "../../../shared/contract/company";
import {
  can as canFor,
  hasRestriction as hasRestrictionFor,
  type Permission,
  type RestrictionFlag,
} from "../../../shared/permissions";
import type { RoleKey } from "../../../shared/roles";
import { getSessionState, subscribeSession } from "./session-store";

export interface Session {
  auth: AuthUser | null;
  user: AuthUser["user"] | null;
  roles: RoleKey[];
  /** Role descriptions as the server sends them (e.g. "acceso-camion"). */
  roleDescriptions: string[];
  company: Company | null;
  isTrw: boolean;
  clients: number[];
  userType: AuthUser["user_type"];
  /** Permission check of spec section 6 for the current company. */
  can: (permission: Permission) => boolean;
  hasRestriction: (flag: RestrictionFlag) => boolean;
}

/** The signed-in user, roles, company and permission helpers; re-renders on any change. */
export function useSession(): Session {
  const state = useSyncExternalStore(subscribeSession, getSessionState, getSessionState);
  const roles = useMemo(() => state.auth?.roles.map((role) => role.name) ?? [], [state.auth]);
  const isTrw = state.company?.is_trw ?? false;
  const can = useCallback((p: Permission) => canFor(roles, p, isTrw), [roles, isTrw]);
  const hasRestriction = useCallback(
    (flag: RestrictionFlag) => hasRestrictionFor(roles, flag, isTrw),
    [roles, isTrw],
  );
  return {
    auth: state.auth,
    user: state.auth?.user ?? null,
    roles,
    roleDescriptions: state.auth?.roles.map((role) => role.description) ?? [],
    company: state.company,
    isTrw,
    clients: state.auth?.clients ?? [],
    userType: state.auth?.user_type ?? "default",
    can,
    hasRestriction,
  };
}
