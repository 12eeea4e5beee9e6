import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/**
 * Idempotency-Key records (plugins/idempotency.ts): one per user and key. A row without a
 * status_code is pending (the first copy is still running); once the response is known it is
 * stored here and answered to every repeat. Kept 30 days.
 */
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    key: text("key").notNull(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    method: text("method").notNull(),
    path: text("path").notNull(),
    /** SHA-256 of the canonical JSON body. */
    requestHash: text("request_hash").notNull(),
    /**
     * The server instance holding a pending claim (plugins/instance-lease.ts): while that
     * instance lives it holds an advisory lock on its id; a claim whose holder's lock is free
     * was left by a crash and is taken over at once.
     */
    instanceId: text("instance_id"),
    statusCode: smallint("status_code"),
    responseBody: jsonb("response_body"),
    /** Headers a repeat answers with too (etag, location). */
    responseHeaders: jsonb("response_headers").$type<Record<string, string>>(),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true, mode: "date" }),
  },
  (table) => [
    primaryKey({ name: "idempotency_keys_user_key", columns: [table.userId, table.key] }),
    index("idempotency_keys_created_idx").on(table.createdAt),
  ],
);

export type IdempotencyRow = typeof idempotencyKeys.$inferSelect;
