import { and, asc, count, desc, eq, gte, inArray, isNull, lt, notInArray, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import {
  type NewHistoryRow,
  type NewShipmentRow,
  reasons,
  shipmentHistory,
  shipments,
  statuses,
} from "../../db/schema/shipments";
import { users } from "../../db/schema/users";
import { type ShipmentScope, type ShipmentView, selectViews, visible } from "../lines/repository";
import { listStatements, type ShipmentFilter } from "./list-repository";
import { searchCondition, searchPatterns } from "./search-repository";

const ilike = (column: PgColumn, text: string | undefined) =>
  text ? sql`${column} ilike ${containsPattern(text)}` : undefined;

export async function listShipments(
  db: Executor,
  scope: ShipmentScope,
  filter: ShipmentFilter,
): Promise<{ count: number; rows: ShipmentView[] }> {
  const prepared = listStatements(db, scope, filter);
  if (prepared) return prepared.statements.list(prepared.params);
  const where = visible(
    scope,
    eq(shipments.type, filter.type),
    filter.bookedFrom ? gte(shipments.bookedDate, filter.bookedFrom) : undefined,
    filter.bookedUntil ? lt(shipments.bookedDate, filter.bookedUntil) : undefined,
    ilike(shipments.code, filter.code),
    filter.search ? searchCondition(searchPatterns(filter.search)) : undefined,
    ilike(shipments.routePlate, filter.routePlate),
    ilike(shipments.infoShipper, filter.infoShipper),
    ilike(shipments.place, filter.place),
    filter.clientIds?.length ? inArray(shipments.clientId, [...filter.clientIds]) : undefined,
    filter.statusIds?.length ? inArray(shipments.statusId, [...filter.statusIds]) : undefined,
    filter.hiddenStatusIds?.length
      ? notInArray(shipments.statusId, [...filter.hiddenStatusIds])
      : undefined,
  );
  const [total] = await db.select({ n: count() }).from(shipments).where(where);
  const rows = await selectViews(db)
    .where(where)
    .orderBy(asc(shipments.bookedDate), asc(shipments.id))
    .limit(filter.limit)
    .offset(filter.offset);
  return { count: total?.n ?? 0, rows };
}

/** Columns a change may set (the forms set any writable one; PATCH status, reason, truck). */
export type ShipmentChanges = Partial<
  Omit<NewShipmentRow, "id" | "companyId" | "type" | "uid" | "version" | "createdAt" | "updatedAt">
>;

/**
 * Applies the changes and bumps the version, only while the line is live and still at
 * `version` (the one the change was computed from); false when it moved on or went.
 */
export async function updateShipment(
  db: Executor,
  companyId: number,
  id: number,
  version: number,
  changes: ShipmentChanges,
): Promise<boolean> {
  const updated = await db
    .update(shipments)
    .set({ ...changes, version: sql`${shipments.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        eq(shipments.companyId, companyId),
        eq(shipments.id, id),
        eq(shipments.version, version),
        isNull(shipments.deletedAt),
      ),
    )
    .returning({ id: shipments.id });
  return updated.length > 0;
}

/** A line's new status and reason, applied only at `version` (a batch of queued changes). */
export interface LineState {
  id: number;
  version: number;
  statusId: number;
  reasonId: number | null;
}

/**
 * updateShipment for many lines in one statement; the ids it changed (a line that moved on or
 * went is left alone, as updateShipment leaves it).
 */
export async function updateShipmentStates(
  db: Executor,
  companyId: number,
  states: readonly LineState[],
): Promise<Set<number>> {
  if (states.length === 0) return new Set();
  const values = JSON.stringify(
    states.map((state) => ({
      id: state.id,
      version: state.version,
      status_id: state.statusId,
      reason_id: state.reasonId,
    })),
  );
  const result = await db.execute(sql`
    update ${shipments} set status_id = v.status_id, reason_id = v.reason_id,
      version = ${shipments.version} + 1, updated_at = ${new Date().toISOString()}
    from jsonb_to_recordset(${values}::jsonb)
      as v(id integer, version integer, status_id integer, reason_id integer)
    where ${shipments.companyId} = ${companyId} and ${shipments.id} = v.id
      and ${shipments.version} = v.version and ${shipments.deletedAt} is null
    returning ${shipments.id}`);
  return new Set((result as unknown as { rows: { id: number }[] }).rows.map((row) => row.id));
}

export async function insertHistory(
  db: Executor,
  values: NewHistoryRow | NewHistoryRow[],
): Promise<void> {
  if (Array.isArray(values) && values.length === 0) return;
  await db.insert(shipmentHistory).values(Array.isArray(values) ? values : [values]);
}

/** Username of the line's latest history entry: who wrote its current version. */
export async function lastWriter(db: Executor, shipmentId: number): Promise<string | null> {
  const [row] = await db
    .select({ username: users.username })
    .from(shipmentHistory)
    .leftJoin(users, eq(users.id, shipmentHistory.userId))
    .where(eq(shipmentHistory.shipmentId, shipmentId))
    .orderBy(desc(shipmentHistory.created), desc(shipmentHistory.id))
    .limit(1);
  return row?.username ?? null;
}

export interface HistoryView {
  entry: typeof shipmentHistory.$inferSelect;
  user: { id: number; username: string; firstName: string; lastName: string } | null;
  status: { id: number; description: string; color: string } | null;
  reason: { id: number; code: string; name: string } | null;
}

/** A line's history, newest first. */
export async function listHistory(
  db: Executor,
  companyId: number,
  shipmentId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: HistoryView[] }> {
  const where = and(
    eq(shipmentHistory.companyId, companyId),
    eq(shipmentHistory.shipmentId, shipmentId),
  );
  const [total] = await db.select({ n: count() }).from(shipmentHistory).where(where);
  const rows = await db
    .select({
      entry: shipmentHistory,
      user: {
        id: users.id,
        username: users.username,
        firstName: users.firstName,
        lastName: users.lastName,
      },
      status: { id: statuses.id, description: statuses.description, color: statuses.color },
      reason: { id: reasons.id, code: reasons.code, name: reasons.name },
    })
    .from(shipmentHistory)
    .leftJoin(users, eq(users.id, shipmentHistory.userId))
    .leftJoin(statuses, eq(statuses.id, shipmentHistory.statusId))
    .leftJoin(reasons, eq(reasons.id, shipmentHistory.reasonId))
    .where(where)
    .orderBy(desc(shipmentHistory.created), desc(shipmentHistory.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}
