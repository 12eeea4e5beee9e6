import {
  and,
  asc,
  count,
  desc,
  eq,
  getTableColumns,
  gte,
  inArray,
  isNull,
  lt,
  notInArray,
  type SQL,
  sql,
} from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";
import type { Executor } from "../../db/database";
import { containsPattern } from "../../db/like-patterns";
import { type BuiltStatement, builtStatement, executeNamed } from "../../db/named-statement";
import { columnPlaceholder, preparedPerShape } from "../../db/prepared-per-shape";
import {
  type NewHistoryRow,
  type NewShipmentRow,
  reasons,
  shipmentHistory,
  shipments,
  statuses,
} from "../../db/schema/shipments";
import { users } from "../../db/schema/users";
import {
  decodeViews,
  type ShipmentScope,
  type ShipmentView,
  selectViews,
  type ViewRow,
  viewsOf,
  visible,
} from "../lines/repository";
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

/** One change of one line written alone (writeLineAlone). */
export interface LineWrite {
  companyId: number;
  id: number;
  /** The version the change was computed from. */
  version: number;
  changes: ShipmentChanges;
  /** The history entry's author and fields (its status and reason are the line's after). */
  userId: number;
  modified: Record<string, { old: unknown; new: unknown }>;
  /** The webhook event the change tells of. */
  event: string;
  /** A status the change sets, of this type (checked in the statement, not before). */
  status?: { id: number; type: number };
}

export type LineWritten =
  | { kind: "written"; view: ShipmentView }
  /** The line moved on (another version) or went: nothing written. */
  | { kind: "moved" }
  /** `status` is not a status of its type: nothing written. */
  | { kind: "not_a_status" }
  /**
   * An active webhook endpoint of the company subscribes to `event`: nothing written; the
   * change goes through the transaction that emits its events (line-events.ts).
   */
  | { kind: "subscribed" };

interface WriteOutcome {
  w_status_ok: boolean;
  w_subscribed: boolean;
  w_written: number;
}

/**
 * writeLineAlone's statement per shape (whether it sets a status, which columns it changes),
 * built once with placeholders and run as a named statement: building it was the largest part
 * of a status change's CPU on the server (issue 30, the load bench's writes).
 */
const lineWriteShapes = preparedPerShape<BuiltStatement>("line_write");
const shipmentColumns = getTableColumns(shipments);

function changedColumns(changes: ShipmentChanges): (keyof ShipmentChanges)[] {
  return (Object.keys(changes) as (keyof ShipmentChanges)[])
    .filter((key) => changes[key] !== undefined)
    .sort();
}

/**
 * The built statement of this write's shape: kept per shape, or (past the shapes kept) built
 * for this write alone.
 */
function lineWriteBuilt(db: Executor, write: LineWrite): BuiltStatement {
  const columns = changedColumns(write.changes);
  const build = () => builtStatement(lineWriteStatement(db, Boolean(write.status), columns));
  return (
    lineWriteShapes(db, `${write.status ? "status" : "-"}|${columns.join(",")}`, build) ?? build()
  );
}

function lineWriteValues(write: LineWrite): Record<string, unknown> {
  const values: Record<string, unknown> = {
    company: write.companyId,
    id: write.id,
    version: write.version,
    user: write.userId,
    event: write.event,
    modified: JSON.stringify(write.modified),
    now: new Date(),
  };
  if (write.status) {
    values.statusId = write.status.id;
    values.statusType = write.status.type;
  }
  for (const key of changedColumns(write.changes)) values[`c_${key}`] = write.changes[key];
  return values;
}

/** The write's statement, its values as placeholders (lineWriteValues names them). */
function lineWriteStatement(
  db: Executor,
  setsStatus: boolean,
  columns: readonly (keyof ShipmentChanges)[],
): SQL {
  const value = (name: string) => sql.placeholder(name);
  // Each changed column's value, encoded at each call as the column encodes it.
  const changes = Object.fromEntries(
    columns.map((key) => [key, columnPlaceholder(`c_${key}`, shipmentColumns[key])]),
  );
  const statusOk = setsStatus
    ? sql`exists (select from ${statuses} where ${statuses.id} = ${value("statusId")}
        and ${statuses.type} = ${value("statusType")})`
    : sql`true`;
  const update = db
    .update(shipments)
    .set({
      ...changes,
      version: sql`${shipments.version} + 1`,
      updatedAt: columnPlaceholder("now", shipments.updatedAt),
    })
    .where(
      and(
        eq(shipments.companyId, value("company")),
        eq(shipments.id, value("id")),
        eq(shipments.version, value("version")),
        isNull(shipments.deletedAt),
        sql`(select status_ok and not subscribed from guard)`,
      ),
    )
    .returning();
  return sql`with guard as (
      select ${statusOk} as status_ok, exists (select from webhook_endpoints e
        where e.company_id = ${value("company")} and e.active and ${value("event")} = any(e.events))
        as subscribed
    ),
    updated as (${update.getSQL()}),
    history as (
      insert into ${shipmentHistory} (shipment_id, company_id, user_id, status_id, reason_id,
        modified_fields)
      select id, company_id, ${value("user")}::int, status_id, reason_id,
        ${value("modified")}::jsonb from updated
    )
    select guard.status_ok as w_status_ok, guard.subscribed as w_subscribed,
      (select count(*) from updated)::int as w_written, line.*
    from guard left join (${viewsOf(sql`updated as ${shipments}`, undefined)}) as line on true`;
}

/**
 * A change of one line in ONE statement, outside any transaction (issue 30: a status change
 * was BEGIN, UPDATE, history INSERT, webhook endpoints lookup, the line read again, COMMIT):
 * the conditional update, its history entry and the line as the change left it, read from
 * the updated row (the statement cannot see its own update in the table), all or nothing as
 * any single statement. It writes only when the status is one of the line's type and no
 * active endpoint of the company wants the event, both read in the statement's own snapshot:
 * the same answer the transaction's separate lookups give, a statement earlier.
 */
export async function writeLineAlone(db: Executor, write: LineWrite): Promise<LineWritten> {
  const result = await executeNamed(db, lineWriteBuilt(db, write), lineWriteValues(write));
  const [row] = (result as unknown as { rows?: (ViewRow & WriteOutcome)[] }).rows ?? [];
  // The guard's row always comes back; without it nothing is known of the write, and it must
  // never be answered as refused (a retry under the same key runs again: 5xx releases it).
  if (!row) throw new Error(`line ${write.id}: the write's outcome did not come back`);
  if (!row.w_status_ok) return { kind: "not_a_status" };
  if (row.w_subscribed) return { kind: "subscribed" };
  if (row.w_written === 0) return { kind: "moved" };
  const [view] = row.id === null ? [] : decodeViews([row]);
  if (view) return { kind: "written", view };
  // Written, but the line did not come back with it (seen twice while this was built, never
  // reproduced): read it again rather than answer a write that was made as stale or failed.
  const [again] = await selectViews(db).where(
    and(eq(shipments.companyId, write.companyId), eq(shipments.id, write.id)),
  );
  if (!again) throw new Error(`line ${write.id} written but not read back`);
  return { kind: "written", view: again };
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
