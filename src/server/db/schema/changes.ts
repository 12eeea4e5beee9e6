import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
} from "drizzle-orm/pg-core";
import { CHANGE_ENTITIES } from "../../../shared/change-cursor";

/**
 * PostgreSQL's 64-bit transaction id (never wraps). Read as text: it exceeds a JS number, and
 * the change feed only compares and hands it back.
 */
const xid8 = customType<{ data: string; driverData: string }>({
  dataType: () => "xid8",
});

/**
 * The change feed's log: one row per shipper, shipment or critical line, stamped with the id of the last
 * transaction that wrote it (insert, update, delete). Written only by the statement triggers
 * of migration 0004 (never by application code), so no write path can forget it; deleting a
 * truck leaves its row here as the tombstone (`deleted`). No foreign key: the log outlives the
 * rows it reports. domain/changes reads it: a changes run in stamp order, a full run for each
 * row's stamp (below the run's bound or not); the cursor's rules: src/shared/change-cursor.ts.
 */
export const changeLog = pgTable(
  "change_log",
  {
    entity: text("entity", { enum: CHANGE_ENTITIES }).notNull(),
    entityId: integer("entity_id").notNull(),
    companyId: integer("company_id").notNull(),
    changeXid: xid8("change_xid").notNull().default(sql`pg_current_xact_id()`),
    deleted: boolean("deleted").notNull().default(false),
  },
  (table) => [
    primaryKey({ name: "change_log_pkey", columns: [table.entity, table.entityId] }),
    // The feed's scan: one company, in stamp order, keyset-paged.
    index("change_log_company_xid_idx").on(
      table.companyId,
      table.changeXid,
      table.entity,
      table.entityId,
    ),
    check(
      "change_log_entity_check",
      sql`${table.entity} in ('critical_line', 'shipment', 'shipper')`,
    ),
  ],
);
