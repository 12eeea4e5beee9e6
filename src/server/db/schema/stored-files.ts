import { sql } from "drizzle-orm";
import { bigint, boolean, check, integer, pgTable, primaryKey, text } from "drizzle-orm/pg-core";
import { at, bytea } from "./columns";

/**
 * Attachment bytes kept in the database (ATTACHMENTS_STORAGE=postgres, the default with
 * DATABASE_URL; services/storage/postgres-storage.ts), so every instance reads what any other
 * wrote. One row per file, its bytes in numbered chunks written and read one at a time (never
 * a whole file in memory). `complete` turns true after the last chunk: until then the file is
 * an upload in progress, or one cut off, which the sweep removes once `modified_at` is old.
 * key is the storage key attachments.storage_key names (no foreign key: the row comes after).
 */
export const storedFiles = pgTable(
  "stored_files",
  {
    key: text("key").primaryKey(),
    size: bigint("size", { mode: "number" }).notNull().default(0),
    complete: boolean("complete").notNull().default(false),
    modifiedAt: at("modified_at").notNull().defaultNow(),
  },
  (table) => [check("stored_files_size_check", sql`${table.size} >= 0`)],
);

export const storedFileChunks = pgTable(
  "stored_file_chunks",
  {
    key: text("key")
      .notNull()
      .references(() => storedFiles.key, { onDelete: "cascade" }),
    seq: integer("seq").notNull(),
    data: bytea("data").notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.seq] })],
);
