import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { SMS_STATUSES } from "../../../shared/contract/trucks";
import { createdAt, sqlList } from "./columns";
import { companyColumn } from "./companies";
import { shippers } from "./shippers";
import { users } from "./users";

/** Every SMS the server tried to send, with the gateway's answer when it refused. */
export const smsMessages = pgTable(
  "sms_messages",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    /** The truck it went to; the log outlives the truck. */
    shipperId: integer("shipper_id").references(() => shippers.id, { onDelete: "set null" }),
    /** The shipment it was about (expedition or reception SMS); no foreign key yet. */
    shipmentId: integer("shipment_id"),
    toPhone: text("to_phone").notNull(),
    body: text("body").notNull(),
    provider: text("provider").notNull(),
    status: text("status", { enum: SMS_STATUSES }).notNull(),
    /** The gateway's id of the message, when it gave one. */
    providerMessageId: text("provider_message_id"),
    error: text("error"),
    gatewayStatus: integer("gateway_status"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: createdAt(),
  },
  (table) => [
    index("sms_messages_company_shipper_idx").on(table.companyId, table.shipperId, table.id),
    index("sms_messages_shipper_idx").on(table.shipperId),
    check("sms_messages_status_check", sql.raw(`"status" in (${sqlList(SMS_STATUSES)})`)),
  ],
);

export type SmsMessageRow = typeof smsMessages.$inferSelect;
