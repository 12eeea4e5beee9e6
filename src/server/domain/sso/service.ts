import type { AccessTokens } from "../../auth/access-token";
import { createSession } from "../../auth/sessions";
import type { Db } from "../../db/database";
import { findCredentialsByUsername } from "../users/repository";

/**
 * The Yardline side of a single sign-on: the provider's ID token names the user in one claim
 * (SSO_USER_CLAIM); an active user of exactly that username gets a login session, with the
 * same access and refresh tokens as a password login (auth/sessions.ts, auth/access-token.ts).
 * Nobody is created: an unknown or deactivated name is refused.
 */
export type SignInOutcome =
  | { kind: "signed-in"; token: string; refresh: string }
  /** `name` is null when the ID token lacks the claim (or it is not a string). */
  | { kind: "unknown-user"; name: string | null };

export interface SignInDeps {
  userClaim: string;
  accessTokens: AccessTokens;
  refreshTtlSeconds: number;
}

export function userNameOf(claims: Record<string, unknown>, claim: string): string | null {
  const value = claims[claim];
  return typeof value === "string" && value.trim() !== "" ? value.trim() : null;
}

export async function signInWithClaims(
  db: Db,
  claims: Record<string, unknown>,
  deps: SignInDeps,
): Promise<SignInOutcome> {
  const name = userNameOf(claims, deps.userClaim);
  if (name === null) return { kind: "unknown-user", name: null };
  const user = await findCredentialsByUsername(db, name);
  if (!user?.isActive) return { kind: "unknown-user", name };
  const session = await createSession(db, user.id, deps.refreshTtlSeconds);
  const token = await deps.accessTokens.sign({ userId: user.id, sessionId: session.sessionId });
  return { kind: "signed-in", token, refresh: session.refresh };
}
