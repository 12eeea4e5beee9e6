import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { at, createdAt, sqlList, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/** States of a webhook delivery: waiting (or being sent), delivered, given up after 3 days. */
export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** A company's webhook endpoint: where its events are posted, signed with `secret`. */
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    url: text("url").notNull(),
    description: text("description").notNull().default(""),
    /** Event types posted here (shared/contract/webhooks.ts WEBHOOK_EVENTS). */
    events: text("events").array().notNull(),
    active: boolean("active").notNull().default(true),
    /** Standard Webhooks secret, `whsec_` + base64 of 32 random bytes. */
    secret: text("secret").notNull(),
    /** Set when a delivery was given up after 3 days; cleared by the next delivered one. */
    failingSince: at("failing_since"),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("webhook_endpoints_company_idx").on(table.companyId)],
);

/**
 * The outbox: one row per event, written in the transaction of the change it tells of
 * (domain/webhooks/emit.ts), so an event exists exactly when its change committed.
 */
export const webhookEvents = pgTable(
  "webhook_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    /** The id receivers deduplicate on (`webhook-id`): `msg_` + random. */
    uid: text("uid").notNull(),
    companyId: companyColumn(),
    type: text("type").notNull(),
    /** `shipment:12`, `truck:3`: deliveries of one entity go out in order. */
    entityKey: text("entity_key").notNull(),
    /** The whole body posted (type, timestamp, company, actor, data). */
    payload: jsonb("payload").notNull(),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("webhook_events_uid_key").on(table.uid),
    index("webhook_events_company_idx").on(table.companyId, table.id),
  ],
);

/** One event to one endpoint: its attempts and the last answer. */
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedByDefaultAsIdentity(),
    eventId: bigint("event_id", { mode: "number" })
      .notNull()
      .references(() => webhookEvents.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    entityKey: text("entity_key").notNull(),
    state: text("state").$type<DeliveryState>().notNull().default("pending"),
    attempts: integer("attempts").notNull().default(0),
    /** When the next attempt is due; while one is in flight, when its claim lapses. */
    nextAttemptAt: at("next_attempt_at").notNull().defaultNow(),
    lastAttemptAt: at("last_attempt_at"),
    responseStatus: integer("response_status"),
    responseMs: integer("response_ms"),
    /** The start of the receiver's answer, or why there was none (timeout, refused address). */
    responseBody: text("response_body"),
    createdAt: createdAt(),
    deliveredAt: at("delivered_at"),
  },
  (table) => [
    check("webhook_deliveries_state_check", sql.raw(`state in (${sqlList(DELIVERY_STATES)})`)),
    index("webhook_deliveries_due_idx")
      .on(table.nextAttemptAt, table.id)
      .where(sql`state = 'pending'`),
    index("webhook_deliveries_entity_idx")
      .on(table.endpointId, table.entityKey, table.id)
      .where(sql`state = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(table.endpointId, table.id),
  ],
);

/**
 * A company's API key: `Authorization: Api-Key <key>` acts for the company with `role`, on
 * behalf of the admin who made it. Only the sha256 of the key is kept.
 */
export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    name: text("name").notNull(),
    role: text("role").notNull(),
    /** The key's first characters, shown to tell keys apart. */
    prefix: text("prefix").notNull(),
    tokenHash: text("token_hash").notNull(),
    createdBy: integer("created_by")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    expiresAt: at("expires_at"),
    lastUsedAt: at("last_used_at"),
    revokedAt: at("revoked_at"),
    createdAt: createdAt(),
  },
  (table) => [
    uniqueIndex("api_keys_token_hash_key").on(table.tokenHash),
    index("api_keys_company_idx").on(table.companyId),
  ],
);

export type WebhookEndpointRow = typeof webhookEndpoints.$inferSelect;
export type WebhookDeliveryRow = typeof webhookDeliveries.$inferSelect;
export type ApiKeyRow = typeof apiKeys.$inferSelect;
