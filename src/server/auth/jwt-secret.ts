import { randomBytes } from "node:crypto";
import { eq } from "drizzle-orm";
import type { Db } from "../db/database";
import { settings } from "../db/schema/settings";

const KEY = "jwt_secret";

/**
 * The HS256 key: JWT_SECRET when configured, otherwise one generated on first start and kept
 * in the settings table, so tokens survive restarts and every instance shares it.
 */
export async function resolveJwtSecret(
  db: Db,
  configured: string | undefined,
): Promise<Uint8Array> {
  if (configured) return new TextEncoder().encode(configured);
  // Insert-if-absent then read: two instances starting together agree on one secret.
  await db
    .insert(settings)
    .values({ key: KEY, value: randomBytes(48).toString("base64url") })
    .onConflictDoNothing({ target: settings.key });
  const [row] = await db
    .select({ value: settings.value })
    .from(settings)
    .where(eq(settings.key, KEY));
  if (!row) throw new Error("JWT secret could not be stored");
  return new TextEncoder().encode(row.value);
}
