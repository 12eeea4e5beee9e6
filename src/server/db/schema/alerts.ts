import { index, integer, pgTable, text } from "drizzle-orm/pg-core";
import { bytea, createdAt, version } from "./columns";
import { companyColumn } from "./companies";
import { users } from "./users";

/**
 * Alert images of the kiosk walls (issue 16; spec: "Alert: type with media"): a few pictures
 * per company that admins upload and the /alerts screen rotates. The bytes stay in the row
 * (at most ALERT_MAX_BYTES each): a handful of posters, not a document store, and no file for
 * the attachments' orphan sweep to judge.
 */
export const alertImages = pgTable(
  "alert_images",
  {
    id: integer("id").primaryKey().generatedByDefaultAsIdentity(),
    companyId: companyColumn(),
    description: text("description").notNull(),
    contentType: text("content_type").notNull(),
    size: integer("size").notNull(),
    bytes: bytea("bytes").notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    version: version(),
    createdAt: createdAt(),
  },
  (table) => [index("alert_images_company_idx").on(table.companyId, table.id)],
);

export type AlertImageRow = typeof alertImages.$inferSelect;
