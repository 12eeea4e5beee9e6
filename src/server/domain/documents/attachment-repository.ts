import { and, asc, count, eq, inArray, isNotNull, type SQL } from "drizzle-orm";
import type { Executor } from "../../db/database";
import { attachments } from "../../db/schema/attachments";
import { shipments } from "../../db/schema/shipments";

/** SQL of api/attachment. Callers check the shipment's visibility first (service.ts). */
export type AttachmentRow = typeof attachments.$inferSelect;
export type NewAttachment = typeof attachments.$inferInsert;

export interface AttachmentFilter {
  isImage?: boolean | undefined;
  ids?: readonly number[] | undefined;
}

function whereOf(companyId: number, shipmentId: number, filter: AttachmentFilter): SQL | undefined {
  return and(
    eq(attachments.companyId, companyId),
    eq(attachments.shipmentId, shipmentId),
    filter.isImage === undefined ? undefined : eq(attachments.isImage, filter.isImage),
    filter.ids ? inArray(attachments.id, [...filter.ids]) : undefined,
  );
}

export async function listAttachments(
  db: Executor,
  companyId: number,
  shipmentId: number,
  filter: AttachmentFilter,
  page?: { limit: number; offset: number },
): Promise<{ count: number; rows: AttachmentRow[] }> {
  const where = whereOf(companyId, shipmentId, filter);
  const query = db.select().from(attachments).where(where).orderBy(asc(attachments.id));
  const rows = page ? await query.limit(page.limit).offset(page.offset) : await query;
  if (!page) return { count: rows.length, rows };
  const [total] = await db.select({ n: count() }).from(attachments).where(where);
  return { count: total?.n ?? 0, rows };
}

export async function findAttachment(
  db: Executor,
  companyId: number,
  id: number,
): Promise<AttachmentRow | undefined> {
  const [row] = await db
    .select()
    .from(attachments)
    .where(and(eq(attachments.companyId, companyId), eq(attachments.id, id)));
  return row;
}

export async function insertAttachment(db: Executor, row: NewAttachment): Promise<AttachmentRow> {
  const [inserted] = await db.insert(attachments).values(row).returning();
  if (!inserted) throw new Error("attachment insert returned nothing");
  return inserted;
}

/** Deletes the row; answers its storage key (undefined when it was already gone). */
export async function deleteAttachment(
  db: Executor,
  companyId: number,
  id: number,
): Promise<string | undefined> {
  const [row] = await db
    .delete(attachments)
    .where(and(eq(attachments.companyId, companyId), eq(attachments.id, id)))
    .returning({ key: attachments.storageKey });
  return row?.key;
}

/**
 * Rows of deleted shipments (a soft-deleted line keeps no documents), all or one line's:
 * removed, their storage keys answered.
 */
export async function deleteAttachmentsOfDeletedShipments(
  db: Executor,
  shipmentId?: number,
): Promise<string[]> {
  const doomed = db
    .select({ id: shipments.id })
    .from(shipments)
    .where(
      and(
        isNotNull(shipments.deletedAt),
        shipmentId === undefined ? undefined : eq(shipments.id, shipmentId),
      ),
    );
  const rows = await db
    .delete(attachments)
    .where(inArray(attachments.shipmentId, doomed))
    .returning({ key: attachments.storageKey });
  return rows.map((row) => row.key);
}

/** Which of `keys` some attachment row still uses. */
export async function keysInUse(db: Executor, keys: readonly string[]): Promise<Set<string>> {
  if (keys.length === 0) return new Set();
  const rows = await db
    .select({ key: attachments.storageKey })
    .from(attachments)
    .where(inArray(attachments.storageKey, [...keys]));
  return new Set(rows.map((row) => row.key));
}
