import { type SQL, sql } from "drizzle-orm";
import type { FullKey, FullPosition } from "../../../shared/change-cursor";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import type { Executor } from "../../db/database";
import { changeLog } from "../../db/schema/changes";
import { criticalLines } from "../../db/schema/critical-lines";
import { shipments } from "../../db/schema/shipments";
import {
  type ChangeEntry,
  type FeedPage,
  type FeedScope,
  liveLinesOf,
  readFeedPage,
} from "./repository";

/** A full run's parts, in the run's order: trucks, critical lines, expeditions, receptions. */
const PHASES = ["shipper", "critical_line", "expedition", "reception"] as const;
type Phase = (typeof PHASES)[number];

const SHIPMENT_PHASE: Record<ShipmentType, Phase> = {
  [SHIPMENT_TYPE.expedition]: "expedition",
  [SHIPMENT_TYPE.reception]: "reception",
};

function phaseOf(key: FullKey): number {
  if (key.entity === "") return -1;
  return PHASES.indexOf(key.entity === "shipment" ? SHIPMENT_PHASE[key.type] : key.entity);
}

/** A row of a full run with where it stands in the run (the next cursor's position). */
export type FullEntry = ChangeEntry & { position: FullPosition };

/**
 * A full run's answer: up to `limit` rows live below the snapshot bound `below` after
 * `after`, in the run's order: the company's trucks by id, the critical lines ending in or after
 * the working window by id (for a caller who may read them), then the live shipments of each
 * visible type booked in the window by booked date and id. Each part reads its rows from its
 * own index from where the cursor stands, so a page costs its own rows (issue 30: walking the
 * whole change log in stamp order read 174,000 entries for a 1,000-row page of a million-line
 * company). A row whose change stamp is at or above the bound changed after the run began:
 * left out here, the changes run that follows hands it out.
 */
export async function listFullRun(
  db: Executor,
  scope: FeedScope,
  after: FullKey,
  below: bigint | "now",
  limit: number,
): Promise<FeedPage<FullEntry>> {
  const from = phaseOf(after);
  const parts: SQL[] = [];
  const keyOf = (phase: Phase) => (PHASES.indexOf(phase) === from ? after : undefined);
  const wanted = (phase: Phase) => PHASES.indexOf(phase) >= from;
  if (wanted("shipper")) parts.push(trucksPart(scope, keyOf("shipper"), limit));
  if (wanted("critical_line") && scope.criticalLines) {
    parts.push(criticalLinesPart(scope, keyOf("critical_line"), limit));
  }
  for (const type of scope.types) {
    const phase = SHIPMENT_PHASE[type];
    if (wanted(phase)) parts.push(shipmentsPart(scope, type, keyOf(phase), limit));
  }
  // With no part left (the caller lost a permission mid-run), a page of nothing ends the run.
  const page = sql`select * from (${sql.join([NOTHING, ...parts], sql` union all `)}) as parts
    order by c_phase, c_booked, c_id limit ${limit}`;
  const { below: bound, rows } = await readFeedPage(
    db,
    below,
    page,
    sql`page.c_phase, page.c_booked, page.c_id`,
  );
  const entries = rows.map((row): FullEntry => {
    const entity = row.c_entity;
    const position: FullPosition =
      entity === "shipment"
        ? {
            entity,
            type:
              Number(row.c_type) === SHIPMENT_TYPE.expedition
                ? SHIPMENT_TYPE.expedition
                : SHIPMENT_TYPE.reception,
            booked: String(row.c_booked_key),
            id: row.c_id,
          }
        : { entity, id: row.c_id };
    return { entity, id: row.c_id, xid: BigInt(row.c_xid), deleted: false, position };
  });
  return { below: bound, entries, shipments: liveLinesOf(rows, scope) };
}

/** The columns every part lists, in one order (a union's parts line up by position). */
const columns = (phase: Phase, entity: string, id: SQL, type: SQL, booked: SQL) =>
  sql`${PHASES.indexOf(phase)}::int as c_phase, ${entity}::text as c_entity, ${id} as c_id,
    ${changeLog.changeXid} as c_stamp, false as c_deleted, ${type} as c_type,
    ${booked} as c_booked,
    to_char(${booked} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') as c_booked_key`;

const NOTHING = sql`(select null::int as c_phase, null::text as c_entity, null::int as c_id,
    null::xid8 as c_stamp, false as c_deleted, null::smallint as c_type,
    null::timestamptz as c_booked, null::text as c_booked_key where false)`;
const noType = sql`null::smallint`;
const noDate = sql`null::timestamptz`;
const afterId = (column: SQL | typeof changeLog.entityId, key: FullKey | undefined) =>
  key && key.entity !== "" ? sql`and ${column} > ${key.id}` : sql``;

function trucksPart(scope: FeedScope, key: FullKey | undefined, limit: number): SQL {
  return sql`(select ${columns("shipper", "shipper", sql`${changeLog.entityId}`, noType, noDate)}
    from ${changeLog}
    where ${changeLog.entity} = 'shipper' and ${changeLog.companyId} = ${scope.companyId}
      and not ${changeLog.deleted} and ${changeLog.changeXid} < bound.below
      ${afterId(changeLog.entityId, key)}
    order by ${changeLog.entityId} limit ${limit})`;
}

function criticalLinesPart(scope: FeedScope, key: FullKey | undefined, limit: number): SQL {
  return sql`(select ${columns("critical_line", "critical_line", sql`${changeLog.entityId}`, noType, noDate)}
    from ${changeLog} join ${criticalLines} on ${criticalLines.id} = ${changeLog.entityId}
    where ${changeLog.entity} = 'critical_line' and ${changeLog.companyId} = ${scope.companyId}
      and not ${changeLog.deleted} and ${changeLog.changeXid} < bound.below
      and ${criticalLines.endDate} >= ${scope.from.toISOString()}::timestamptz
      ${afterId(changeLog.entityId, key)}
    order by ${changeLog.entityId} limit ${limit})`;
}

function shipmentsPart(
  scope: FeedScope,
  type: ShipmentType,
  key: FullKey | undefined,
  limit: number,
): SQL {
  const after =
    key?.entity === "shipment"
      ? sql`and (${shipments.bookedDate}, ${shipments.id}) > (${key.booked}::timestamptz, ${key.id})`
      : sql``;
  const clients =
    scope.clientIds.length > 0
      ? sql`and ${shipments.clientId} in (${sql.join(
          scope.clientIds.map((id) => sql`${id}`),
          sql`, `,
        )})`
      : sql``;
  const phase = SHIPMENT_PHASE[type];
  return sql`(select ${columns(phase, "shipment", sql`${shipments.id}`, sql`${shipments.type}`, sql`${shipments.bookedDate}`)}
    from ${shipments} join ${changeLog}
      on ${changeLog.entity} = 'shipment' and ${changeLog.entityId} = ${shipments.id}
    where ${shipments.companyId} = ${scope.companyId} and ${shipments.type} = ${type}
      and ${shipments.deletedAt} is null
      and ${shipments.bookedDate} >= ${scope.from.toISOString()}::timestamptz
      and ${shipments.bookedDate} < ${scope.until.toISOString()}::timestamptz
      ${clients} ${after}
      and ${changeLog.changeXid} < bound.below
    order by ${shipments.bookedDate}, ${shipments.id} limit ${limit})`;
}
