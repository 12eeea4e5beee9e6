import { and, asc, eq, gte, inArray, isNotNull, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { QueryBuilder } from "drizzle-orm/pg-core";
import type { ChangeEntity, ChangeKey } from "../../../shared/change-cursor";
import type { ShipmentType } from "../../../shared/contract/status";
import { coalescedReads } from "../../db/coalesced-reads";
import type { Executor } from "../../db/database";
import { type BuiltStatement, builtStatement, executeNamed } from "../../db/named-statement";
import { changeLog } from "../../db/schema/changes";
import { shipments } from "../../db/schema/shipments";
import { decodeViews, type ShipmentView, type ViewRow, viewsOf } from "../lines/repository";

/**
 * Every transaction of this database stamped below this id has finished (committed or rolled
 * back), and every transaction still to come gets a higher one: the oldest transaction of this
 * database still running in the current snapshot, else the snapshot's xmax. Handing out only
 * changes below it is what keeps a change committed late with a low stamp from slipping behind
 * a cursor.
 *
 * Transaction ids are the cluster's: the snapshot's xmin alone let a long transaction in another
 * database of the same server (a report, a migration, another test file) hold every company's
 * feed back until it ended. A running id is skipped only when a session of another database
 * shows it (it can write nothing here); one no session shows (it ended since the snapshot, a
 * prepared transaction) counts as ours, as db/count-cache.ts's noOlderWriter does.
 */
const boundNow = sql`coalesce((select min(running.xid)
    from pg_snapshot_xip(pg_current_snapshot()) as running (xid)
    where not exists (select from pg_stat_get_activity(null) as session
      where session.backend_xid = running.xid::xid and session.datid <> (
        select oid from pg_database where datname = current_database()))),
    pg_snapshot_xmax(pg_current_snapshot()))`;

export interface FeedScope {
  companyId: number;
  /** Clients a client-role user is limited to; empty: all. */
  clientIds: readonly number[];
  /** Shipment types the user may see. */
  types: readonly ShipmentType[];
  /** Working window of booked dates (live shipments outside it are not listed). */
  from: Date;
  until: Date;
  /** The caller may read critical lines (a full run lists those ending at or after `from`). */
  criticalLines: boolean;
}

/** What the SQL of a changes answer depends on (its values are the statement's parameters). */
interface FeedShape {
  types: number;
  clientIds: number;
  criticalLines: boolean;
}

const placeholders = (prefix: string, count: number) =>
  Array.from({ length: count }, (_, index) => sql.placeholder(`${prefix}${index}`));

function criticalLinesSeen(shape: FeedShape): SQL | undefined {
  return shape.criticalLines ? eq(changeLog.entity, "critical_line") : sql`false`;
}

export interface ChangeEntry {
  entity: ChangeEntity;
  id: number;
  xid: bigint;
  deleted: boolean;
}

function shipmentsSeen(shape: FeedShape): SQL | undefined {
  if (shape.types === 0) return sql`false`;
  const live = and(
    isNull(shipments.deletedAt),
    gte(shipments.bookedDate, sql.placeholder("from")),
    lt(shipments.bookedDate, sql.placeholder("until")),
  );
  return and(
    eq(changeLog.entity, "shipment"),
    inArray(shipments.type, placeholders("type", shape.types)),
    shape.clientIds > 0
      ? inArray(shipments.clientId, placeholders("client", shape.clientIds))
      : undefined,
    or(live, isNotNull(shipments.deletedAt)),
  );
}

/**
 * A changes answer's statement for a shape, built once (db/named-statement.ts: building the
 * SQL text on every pull was 16 % of the server's CPU under the load bench).
 */
const changesStatements = new Map<string, BuiltStatement>();

const shapeKey = (shape: FeedShape) => `${shape.types}|${shape.clientIds}|${shape.criticalLines}`;

function changesStatement(shape: FeedShape): BuiltStatement {
  const key = shapeKey(shape);
  const known = changesStatements.get(key);
  if (known) return known;
  const page = new QueryBuilder()
    .select({
      entity: sql<string>`${changeLog.entity}`.as("c_entity"),
      id: sql<number>`${changeLog.entityId}`.as("c_id"),
      stamp: sql<string>`${changeLog.changeXid}`.as("c_stamp"),
      deleted: sql<boolean>`(${changeLog.deleted} or ${shipments.deletedAt} is not null)`.as(
        "c_deleted",
      ),
    })
    .from(changeLog)
    .leftJoin(
      shipments,
      and(eq(changeLog.entity, "shipment"), eq(shipments.id, changeLog.entityId)),
    )
    .where(
      and(
        eq(changeLog.companyId, sql.placeholder("company")),
        sql`(${changeLog.changeXid}, ${changeLog.entity}, ${changeLog.entityId}) > (${sql.placeholder("xid")}::xid8, ${sql.placeholder("entity")}, ${sql.placeholder("id")})`,
        sql`${changeLog.changeXid} < bound.below`,
        or(eq(changeLog.entity, "shipper"), shipmentsSeen(shape), criticalLinesSeen(shape)),
      ),
    )
    .orderBy(asc(changeLog.changeXid), asc(changeLog.entity), asc(changeLog.entityId))
    .limit(sql.placeholder("limit"));
  const built = builtStatement(
    feedStatement(boundNow, sql`${page}`, sql`page.c_stamp, page.c_entity, page.c_id`),
  );
  changesStatements.set(key, built);
  return built;
}

/** The changes answers running, per database: pulls of one key share them (listChanges). */
const sharedPulls = coalescedReads<FeedPage<ChangeEntry>>();

/**
 * A changes run's answer: up to `limit` changes of the company after `after` and below the
 * snapshot bound of this very statement (boundNow, answered as `below`), in feed order, that
 * the scope lets the caller see (deletions too), with the lines of the live shipment changes
 * as the lists show them (issue 30: one statement per answer, where the bound, the changes and
 * the lines were three).
 */
export async function listChanges(
  db: Executor,
  scope: FeedScope,
  after: ChangeKey,
  limit: number,
): Promise<FeedPage<ChangeEntry>> {
  const shape = {
    types: scope.types.length,
    clientIds: scope.clientIds.length,
    criticalLines: scope.criticalLines,
  };
  const values: Record<string, unknown> = {
    company: scope.companyId,
    xid: after.xid.toString(),
    entity: after.entity,
    id: after.id,
    limit,
    from: scope.from.toISOString(),
    until: scope.until.toISOString(),
  };
  scope.types.forEach((type, index) => {
    values[`type${index}`] = type;
  });
  scope.clientIds.forEach((client, index) => {
    values[`client${index}`] = client;
  });
  // Pulls of the same scope from the same cursor share a run (the answer is read, never changed).
  return sharedPulls(db, `${shapeKey(shape)}|${JSON.stringify(values)}`, async () => {
    const { below, rows } = feedRowsOf(await executeNamed(db, changesStatement(shape), values));
    const entries = rows.map((row) => ({
      entity: row.c_entity,
      id: row.c_id,
      xid: BigInt(row.c_xid),
      deleted: row.c_deleted,
    }));
    return { below, entries, shipments: liveLinesOf(rows, scope) };
  });
}

/** One answer's rows: the changes in feed order, the snapshot bound, the live lines. */
export interface FeedPage<Entry> {
  below: bigint;
  entries: Entry[];
  shipments: ShipmentView[];
}

/**
 * One answer's statement: `page` (a subquery that may read `bound.below`, with columns
 * c_entity, c_id, c_stamp, c_deleted and any other c_ columns) under the snapshot bound,
 * each live shipment's line read per row by its primary key (a lateral join) in the same
 * snapshot. Rows come in `order`; the bound comes even when the page is empty.
 */
function feedStatement(bound: SQL, page: SQL, order: SQL): SQL {
  // By primary key alone, LIMIT 1 so the planner keeps it per change: with the company in the
  // condition a table not yet analyzed was read through a company index (20x slower). The
  // change's own row says the line is live and of the company; checked again in liveLinesOf.
  const line = sql`${viewsOf(
    sql`${shipments}`,
    sql`page.c_entity = 'shipment' and not page.c_deleted and ${shipments.id} = page.c_id`,
  )} limit 1`;
  return sql`select bound.below::text as c_below, page.*,
      page.c_stamp::text as c_xid, line.*
    from (select ${bound} as below) as bound
    left join lateral (${page}) as page on true
    left join lateral (${line}) as line on true
    order by ${order}`;
}

/** The bound and the listed rows of an answer. */
function feedRowsOf(result: unknown): { below: bigint; rows: FeedRow[] } {
  const rows = (result as { rows: (FeedRow | EmptyRow)[] }).rows;
  const [first] = rows;
  if (!first) throw new Error("no snapshot");
  const listed = rows.filter((row): row is FeedRow => row.c_entity !== null);
  return { below: BigInt(first.c_below), rows: listed };
}

/** Runs one answer's statement (feedStatement) as a named statement (db/named-statement.ts). */
export async function readFeedPage(
  db: Executor,
  below: bigint | "now",
  page: SQL,
  order: SQL,
): Promise<{ below: bigint; rows: FeedRow[] }> {
  const bound = below === "now" ? boundNow : sql`${below.toString()}::xid8`;
  return feedRowsOf(await executeNamed(db, feedStatement(bound, page, order)));
}

/** The live lines of the scope's company among a page's rows, as the lists show them. */
export function liveLinesOf(rows: readonly FeedRow[], scope: FeedScope): ShipmentView[] {
  return decodeViews(
    rows.filter((row) => row.company_id === scope.companyId && row.deleted_at === null),
  );
}

/** A row of a feed page: the change or row listed, and its line's view (null when none). */
export type FeedRow = ViewRow & {
  c_below: string;
  c_entity: ChangeEntity;
  c_id: number;
  c_xid: string;
  c_deleted: boolean;
  [column: `c_${string}`]: unknown;
};

/** The bound's row of a page with nothing in it. */
interface EmptyRow {
  c_below: string;
  c_entity: null;
}
