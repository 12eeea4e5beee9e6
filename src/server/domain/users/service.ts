import type { ChangePasswordRequest } from "../../../shared/contract/auth";
import type { AuthContext } from "../../auth/context";
import type { PasswordHasher } from "../../auth/hasher";
import { admitAttempt, clearFailures, passwordChangeKeys, refund } from "../../auth/login-throttle";
import { revokeOtherSessions } from "../../auth/sessions";
import type { RateLimitConfig } from "../../config";
import type { Db } from "../../db/database";
import { ApiError, errors } from "../../errors";
import { findCredentialsById, updatePasswordHash } from "./repository";

export const PASSWORD_CHANGED = "Successfully saved new password";

/**
 * Changes the caller's own password. Wrong old passwords count towards a limit like failed
 * logins do; success ends every other session of the user (this one stays signed in).
 */
export async function changeOwnPassword(
  db: Db,
  auth: AuthContext,
  targetUserId: number,
  body: ChangePasswordRequest,
  deps: { hasher: PasswordHasher; rateLimit: RateLimitConfig; client: string },
): Promise<void> {
  if (targetUserId !== auth.user.id) throw errors.forbidden();
  const { hasher, rateLimit, client } = deps;
  const keys = passwordChangeKeys(auth.user.id, rateLimit);
  const admission = await admitAttempt(db, keys, rateLimit.windowSeconds);
  if (!admission.ok) throw errors.rateLimited(admission.retryAfter);

  const credentials = await findCredentialsById(db, auth.user.id);
  let matches: boolean;
  try {
    matches =
      !!credentials && (await hasher.verify(client, body.old_password, credentials.passwordHash));
  } catch (error) {
    if (error instanceof ApiError) await refund(db, admission.attempt);
    throw error;
  }
  if (!credentials || !matches) {
    throw errors.validation(
      { old_password: ["Wrong password"] },
      "The old password is not correct",
    );
  }
  await clearFailures(db, keys);
  if (body.old_password === body.new_password) {
    throw errors.validation({ new_password: ["The new password must differ from the old one"] });
  }
  const passwordHash = await hasher.hash(client, body.new_password);
  await updatePasswordHash(db, auth.user.id, passwordHash, "changed");
  await revokeOtherSessions(db, auth.user.id, auth.sessionId, "password_change");
}
