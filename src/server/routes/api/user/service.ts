import type { FastifyInstance } from "fastify";
import type { ChangePasswordRequest } from "../../../../shared/contract/auth";
import type { AuthContext } from "../../../auth/context";
import {
  clearFailures,
  passwordChangeKeys,
  recordFailure,
  retryAfter,
} from "../../../auth/login-throttle";
import { hashPassword, verifyPassword } from "../../../auth/password";
import { revokeOtherSessions } from "../../../auth/sessions";
import { errors } from "../../../errors";
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
): Promise<void> {
  if (targetUserId !== auth.user.id) throw errors.forbidden();
  const { rateLimit, passwordHashCost } = app.serverConfig;
  const keys = passwordChangeKeys(auth.user.id, rateLimit);
  const wait = await retryAfter(app.db, keys);
  if (wait !== null) throw errors.rateLimited(wait);

  const credentials = await findCredentialsById(app.db, auth.user.id);
  if (!credentials || !(await verifyPassword(body.old_password, credentials.passwordHash))) {
    await recordFailure(app.db, keys, rateLimit.windowSeconds);
    throw errors.validation(
      { old_password: ["Wrong password"] },
      "The old password is not correct",
    );
  }
  if (body.old_password === body.new_password) {
    throw errors.validation({ new_password: ["The new password must differ from the old one"] });
  }
  await clearFailures(app.db, keys);
  const passwordHash = await hashPassword(body.new_password, passwordHashCost);
  await updatePasswordHash(app.db, auth.user.id, passwordHash, "changed");
  await revokeOtherSessions(app.db, auth.user.id, auth.sessionId, "password_change");
}
