import { index, integer, pgTable, text, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { at, createdAt } from "./columns";
import { users } from "./users";

/**
 * A login session: the family of refresh tokens issued from one login. Access tokens carry its
 * id (`sid`), so revoking the session invalidates them as well.
 */
export const sessions = pgTable(
  "sessions",
  {
    id: uuid("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: createdAt(),
    revokedAt: at("revoked_at"),
    /** Why it was revoked: logout, reuse, password_change. */
    revokedReason: text("revoked_reason"),
  },
  (table) => [index("sessions_user_idx").on(table.userId)],
);

/** Refresh tokens, stored as SHA-256 hashes; each is used once (rotation). */
export const refreshTokens = pgTable(
  "refresh_tokens",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    sessionId: uuid("session_id")
      .notNull()
      .references(() => sessions.id, { onDelete: "cascade" }),
    tokenHash: text("token_hash").notNull(),
    createdAt: createdAt(),
    expiresAt: at("expires_at").notNull(),
    usedAt: at("used_at"),
  },
  (table) => [
    uniqueIndex("refresh_tokens_hash_key").on(table.tokenHash),
    index("refresh_tokens_session_idx").on(table.sessionId),
  ],
);

/** Failed-login counters per key (username+ip, ip), shared by every instance. */
export const loginThrottle = pgTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    failures: integer("failures").notNull(),
    resetAt: at("reset_at").notNull(),
  },
  (table) => [index("login_throttle_reset_idx").on(table.resetAt)],
);
