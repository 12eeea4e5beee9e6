import { customType, integer, jsonb, text, timestamp } from "drizzle-orm/pg-core";
import { FIRST_VERSION } from "../../../shared/constants";

/** Bytes (bytea), read as a Buffer from either driver (PGlite answers a Uint8Array). */
export const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => "bytea",
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/** A point in time (timestamptz), read as a Date. */
export const at = (name: string) => timestamp(name, { withTimezone: true, mode: "date" });

/** Text that is never null, empty by default. */
export const blank = (name: string) => text(name).notNull().default("");

/** Optimistic-concurrency counter every mutable row carries (If-Match / ETag, offline replay). */
export const version = () => integer("version").notNull().default(FIRST_VERSION);

export const createdAt = () => at("created_at").notNull().defaultNow();

export const updatedAt = () => at("updated_at").notNull().defaultNow();

/** A history entry's changed fields: each field's old and new value. */
export const modifiedFields = () =>
  jsonb("modified_fields")
    .$type<Record<string, { old: unknown; new: unknown }>>()
    .notNull()
    .default({});

/** Renders a list of string literals for a CHECK constraint (values are code constants). */
export function sqlList(values: readonly string[]): string {
  return values.map((value) => `'${value.replaceAll("'", "''")}'`).join(", ");
}
