import type { FastifyInstance } from "fastify";
import type { ChangePasswordRequest } from "../../../shared/contract/auth";
import type { AuthContext } from "../../auth/context";
import { admitAttempt, clearFailures, passwordChangeKeys, refund } from "../../auth/login-throttle";
import { revokeOtherSessions } from "../../auth/sessions";
import { ApiError, errors } from "../../errors";
import { findCredentialsById, updatePasswordHash } from "./repository";

export const PASSWORD_CHANGED = "Successfully saved new password";

/**
 * Changes the caller's own password. Wrong old passwords count towards a limit like failed
 * logins do; success ends every other session of the user (this one stays signed in).
 */
export async function changeOwnPassword(
  app: FastifyInstance,
  auth: AuthContext,
  targetUserId: number,
  body: ChangePasswordRequest,
  client: string,
): Promise<void> {
  if (targetUserId !== auth.user.id) throw errors.forbidden();
  const { rateLimit } = app.serverConfig;
  const keys = passwordChangeKeys(auth.user.id, rateLimit);
  const admission = await admitAttempt(app.db, keys, rateLimit.windowSeconds);
  if (!admission.ok) throw errors.rateLimited(admission.retryAfter);

  const credentials = await findCredentialsById(app.db, auth.user.id);
  let matches: boolean;
  try {
    matches =
      !!credentials &&
      (await app.passwordHasher.verify(client, body.old_password, credentials.passwordHash));
  } catch (error) {
    if (error instanceof ApiError) await refund(app.db, admission.attempt);
    throw error;
  }
  if (!credentials || !matches) {
    throw errors.validation(
      { old_password: ["Wrong password"] },
      "The old password is not correct",
    );
  }
  await clearFailures(app.db, keys);
  if (body.old_password === body.new_password) {
    throw errors.validation({ new_password: ["The new password must differ from the old one"] });
  }
  const passwordHash = await app.passwordHasher.hash(client, body.new_password);
  await updatePasswordHash(app.db, auth.user.id, passwordHash, "changed");
  await revokeOtherSessions(app.db, auth.user.id, auth.sessionId, "password_change");
}
