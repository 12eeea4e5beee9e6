import { pgTable, text } from "drizzle-orm/pg-core";
import { updatedAt, version } from "./columns";

/** Server-wide key/value settings, e.g. the generated JWT secret. */
export const settings = pgTable("settings", {
  key: text("key").primaryKey(),
  value: text("value").notNull(),
  version: version(),
  updatedAt: updatedAt(),
});
