import { index, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { createdAt, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/**
 * A client of one or more companies. company_id is the company it was created in; the
 * companies that see it are its client_companies rows (the creator's among them).
 */
export const clients = pgTable(
  "clients",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    description: text("description").notNull(),
    email: text("email").notNull().default(""),
    notes: text("notes").notNull().default(""),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [index("clients_company_idx").on(table.companyId)],
);

/** The companies a client belongs to (spec: client.company is a list of ids). */
export const clientCompanies = pgTable(
  "client_companies",
  {
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
  },
  (table) => [
    primaryKey({ columns: [table.clientId, table.companyId] }),
    index("client_companies_company_idx").on(table.companyId, table.clientId),
  ],
);

/** Clients a client-role user is limited to. */
export const userClients = pgTable(
  "user_clients",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    clientId: integer("client_id")
      .notNull()
      .references(() => clients.id, { onDelete: "cascade" }),
    version: version(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.clientId] }),
    index("user_clients_client_idx").on(table.clientId),
  ],
);
