import type { ApiKeyCreate, ApiKeyCreated } from "../../../shared/contract/api-keys";
import { newApiKey } from "../../auth/api-key";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { presentApiKey } from "./presenter";
import { findApiKey, insertApiKey, revokeApiKey } from "./repository";

/** A new key for the company: answered once with the key; only its sha256 is stored. */
export async function createApiKey(
  db: Db,
  auth: AuthContext,
  body: ApiKeyCreate,
  now = new Date(),
): Promise<ApiKeyCreated> {
  const expiresAt = body.expires_at ? new Date(body.expires_at) : null;
  if (expiresAt && expiresAt <= now) {
    throw errors.validation({ expires_at: ["The expiry must be in the future"] });
  }
  const { key, prefix, hash } = newApiKey();
  const id = await insertApiKey(db, {
    companyId: auth.company.id,
    name: body.name,
    role: body.role,
    prefix,
    tokenHash: hash,
    createdBy: auth.user.id,
    expiresAt,
  });
  const view = await findApiKey(db, auth.company.id, id);
  if (!view) throw errors.notFound();
  return { ...presentApiKey(view), key };
}

/** Revokes a key: the next request with it, on any instance, is refused (no cache). */
export async function removeApiKey(db: Db, auth: AuthContext, id: number): Promise<void> {
  if (!(await revokeApiKey(db, auth.company.id, id))) throw errors.notFound();
}
