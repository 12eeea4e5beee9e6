import { index, integer, pgTable } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";
import { companyColumn } from "./companies";

/**
 * One row per SMS send attempt the rate limits let through (routes/api/sms/rate-limit.ts):
 * the per-truck interval and the per-user rate count these rows, so the limits hold across
 * server instances. Rows older than the longest window are pruned as new ones arrive.
 */
export const smsSendHits = pgTable(
  "sms_send_hits",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    /**
     * The truck (0: an SMS to no truck, counted for the user only). No foreign keys: a hit
     * outlives its truck or user for the short window it matters.
     */
    shipperId: integer("shipper_id").notNull(),
    userId: integer("user_id").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    index("sms_send_hits_shipper_idx").on(table.companyId, table.shipperId, table.createdAt),
    index("sms_send_hits_user_idx").on(table.userId, table.createdAt),
    index("sms_send_hits_created_idx").on(table.createdAt),
  ],
);
