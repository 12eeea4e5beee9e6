import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  foreignKey,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { USER_TYPES } from "../../../shared/contract/auth";
import { ROLE_KEYS } from "../../../shared/roles";
import { createdAt, sqlList, updatedAt, version } from "./columns";
import { companyColumn } from "./companies";

export const users = pgTable(
  "users",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    username: text("username").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text("email").notNull().default(""),
    passwordHash: text("password_hash").notNull(),
    userType: text("user_type", { enum: USER_TYPES }).notNull().default("default"),
    isActive: boolean("is_active").notNull().default(true),
    version: version(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (table) => [
    uniqueIndex("users_username_key").on(table.username),
    check("users_user_type_check", sql.raw(`"user_type" in (${sqlList(USER_TYPES)})`)),
  ],
);

/** The user's companies ("groups" in api/user/auth), in the order the user sees them. */
export const memberships = pgTable(
  "memberships",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    companyId: companyColumn(),
    ordering: integer("ordering").notNull().default(0),
    version: version(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId] }),
    index("memberships_company_idx").on(table.companyId),
  ],
);

/** Roles per company, keyed by the role names of src/shared/roles.ts. */
export const userRoles = pgTable(
  "user_roles",
  {
    userId: integer("user_id").notNull(),
    companyId: integer("company_id").notNull(),
    role: text("role", { enum: ROLE_KEYS }).notNull(),
    version: version(),
  },
  (table) => [
    primaryKey({ columns: [table.userId, table.companyId, table.role] }),
    // A role exists only where the user is a member; leaving the company drops its roles.
    foreignKey({
      name: "user_roles_membership_fk",
      columns: [table.userId, table.companyId],
      foreignColumns: [memberships.userId, memberships.companyId],
    }).onDelete("cascade"),
    check("user_roles_role_check", sql.raw(`"role" in (${sqlList(ROLE_KEYS)})`)),
  ],
);

export type UserRow = typeof users.$inferSelect;
