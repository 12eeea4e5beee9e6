import { formatCursor } from "../../../shared/change-cursor";
import { changeWindow } from "../../../shared/change-window";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Changes, LiveChanges } from "../../../shared/contract/changes";
import type { Db } from "../../db/database";
import {
  type ChangeEntry,
  entrySeen,
  type FeedScope,
  type FeedViewer,
  listChanges,
} from "./repository";
import { presentEntries } from "./service";

/**
 * The feed's changes of one company in [since, below), read once for every live-events stream
 * of an instance (domain/events/live-rows.ts) and cut per viewer (`sliceFor`): the same SQL,
 * rows and presenter as GET /api/changes, read as a member who sees every type, every client
 * and the critical lines. Above LIVE_SLICE_MAX_ROWS changes the events say only what changed
 * (ids), as before, and devices pull.
 */
export const LIVE_SLICE_MAX_ROWS = 50;

export interface LiveSlice {
  since: bigint;
  below: bigint;
  /** The changes in feed order, each with what viewers are judged by. */
  entries: readonly ChangeEntry[];
  /** The answer every-seeing reader would get. */
  answer: Changes;
}

const EVERY_TYPE = [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception];

/** The slice, or "many" when it holds more than `maxRows` changes. */
export async function readLiveSlice(
  db: Db,
  companyId: number,
  since: bigint,
  below: bigint,
  now: Date,
  maxRows = LIVE_SLICE_MAX_ROWS,
): Promise<LiveSlice | "many"> {
  const window = changeWindow(now.getTime());
  const scope: FeedScope = {
    companyId,
    clientIds: [],
    types: EVERY_TYPE,
    from: new Date(window.from),
    until: new Date(window.until),
    full: false,
    criticalLines: true,
  };
  const start = { xid: since, entity: "" as const, id: 0 };
  const entries = await listChanges(db, scope, start, below, maxRows + 1);
  if (entries.length > maxRows) return "many";
  const answer = await presentEntries(db, companyId, entries, {
    cursor: formatCursor({ kind: "changes", after: { xid: below, entity: "", id: 0 } }),
    more: false,
    full: false,
    window,
    criticalLines: true,
    now,
  });
  return { since, below, entries, answer };
}

/** What `viewer` is handed of the slice: the entries entrySeen lets through, as the feed would. */
export function sliceFor(viewer: FeedViewer, slice: LiveSlice): LiveChanges {
  const seen = new Set<string>();
  for (const entry of slice.entries) {
    if (entrySeen(viewer, entry)) seen.add(`${entry.entity}:${entry.id}`);
  }
  const has = (entity: string) => (id: number) => seen.has(`${entity}:${id}`);
  const { answer } = slice;
  const result: LiveChanges = {
    since: formatCursor({ kind: "changes", after: { xid: slice.since, entity: "", id: 0 } }),
    cursor: answer.cursor,
    more: false,
    full: false,
    window: answer.window,
    shippers: answer.shippers.filter((row) => has("shipper")(row.id)),
    shipments: answer.shipments.filter((row) => has("shipment")(row.id)),
    deleted: {
      shippers: answer.deleted.shippers.filter(has("shipper")),
      shipments: answer.deleted.shipments.filter(has("shipment")),
    },
  };
  // As the feed: critical lines only for those who may read them, deletions only when any.
  if (viewer.criticalLines !== false) {
    result.critical_lines = answer.critical_lines ?? [];
    if (answer.deleted.critical_lines)
      result.deleted.critical_lines = answer.deleted.critical_lines;
  }
  return result;
}
