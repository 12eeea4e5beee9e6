import { index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { createdAt } from "./columns";

/** Requests sent from the public contact form (spec "Contact request"). */
export const contactRequests = pgTable(
  "contact_requests",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull().default(""),
    company: text("company").notNull(),
    comments: text("comments").notNull().default(""),
    product: text("product").notNull(),
    language: text("language").notNull(),
    /** Client address, for the per-address rate limit. */
    address: text("address").notNull(),
    mailedAt: timestamp("mailed_at", { withTimezone: true, mode: "date" }),
    createdAt: createdAt(),
  },
  (table) => [index("contact_requests_address_idx").on(table.address, table.createdAt)],
);
