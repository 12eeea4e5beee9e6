import { integer, timestamp } from "drizzle-orm/pg-core";

/** Optimistic-concurrency counter every mutable row carries (If-Match / ETag, offline replay). */
export const version = () => integer("version").notNull().default(1);

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true, mode: "date" }).notNull().defaultNow();

/** Renders a list of string literals for a CHECK constraint (values are code constants). */
export function sqlList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
}
