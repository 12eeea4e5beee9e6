import type { API_KEY_ROLES, ApiKey } from "../../../shared/contract/api-keys";
import type { ApiKeyView } from "./repository";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** A key as the API answers it: never the key itself, nor its hash. */
export function presentApiKey({ key, createdBy }: ApiKeyView): ApiKey {
  return {
    id: key.id,
    name: key.name,
    role: key.role as (typeof API_KEY_ROLES)[number],
    prefix: key.prefix,
    created_by: createdBy,
    created_at: key.createdAt.toISOString(),
    expires_at: iso(key.expiresAt),
    last_used_at: iso(key.lastUsedAt),
    revoked_at: iso(key.revokedAt),
  };
}
