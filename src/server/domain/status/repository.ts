import { and, asc, eq, type SQL } from "drizzle-orm";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Db, Executor } from "../../db/database";
import { reasons, statuses } from "../../db/schema/shipments";

export type StatusRow = typeof statuses.$inferSelect;
export type ReasonRow = typeof reasons.$inferSelect;

/** Statuses (of one type, when given) in their default order. Statuses are global. */
export async function listStatuses(db: Db, type?: ShipmentType): Promise<StatusRow[]> {
  return db
    .select()
    .from(statuses)
    .where(type === undefined ? undefined : eq(statuses.type, type))
    .orderBy(asc(statuses.type), asc(statuses.ordering), asc(statuses.id));
}

export async function findStatus(db: Executor, id: number): Promise<StatusRow | undefined> {
  const [row] = await db.select().from(statuses).where(eq(statuses.id, id));
  return row;
}

export interface ReasonFilter {
  statusId?: number | undefined;
  type?: ShipmentType | undefined;
}

export async function listReasons(db: Db, filter: ReasonFilter = {}): Promise<ReasonRow[]> {
  const conditions: SQL[] = [];
  if (filter.statusId !== undefined) conditions.push(eq(reasons.statusId, filter.statusId));
  if (filter.type !== undefined) conditions.push(eq(statuses.type, filter.type));
  const rows = await db
    .select({ reason: reasons })
    .from(reasons)
    .innerJoin(statuses, eq(statuses.id, reasons.statusId))
    .where(and(...conditions))
    .orderBy(asc(statuses.type), asc(statuses.ordering), asc(reasons.id));
  return rows.map((row) => row.reason);
}

/** The reason with this code among the status's reasons. */
export async function findReason(
  db: Db,
  statusId: number,
  code: string,
): Promise<ReasonRow | undefined> {
  const [row] = await db
    .select()
    .from(reasons)
    .where(and(eq(reasons.statusId, statusId), eq(reasons.code, code)));
  return row;
}
