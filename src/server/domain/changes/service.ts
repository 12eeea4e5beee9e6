import {
  type ChangeKey,
  type Cursor,
  formatCursor,
  fullRun,
  parseCursor,
} from "../../../shared/change-cursor";
import { type ChangeWindow, changeWindow } from "../../../shared/change-window";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Changes, ChangesQuery } from "../../../shared/contract/changes";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { findCriticalLines } from "../critical-lines/repository";
import { SHIPMENT_PERMISSIONS } from "../lines/access";
import { findShipmentViews } from "../lines/repository";
import { findTrucks } from "../trucks/repository";
import { presentChanges } from "./presenter";
import { type ChangeEntry, type FeedScope, listChanges, snapshotBound } from "./repository";

/** Shipment types the caller may see (seeExpeditions, seeReceptions). */
export function visibleTypes(auth: AuthContext): ShipmentType[] {
  return [SHIPMENT_TYPE.expedition, SHIPMENT_TYPE.reception].filter((type) =>
    allowed(auth, SHIPMENT_PERMISSIONS[type].see),
  );
}

/** Critical lines are read by whoever may open their list (seeCriticalLines). */
export function seesCriticalLines(auth: AuthContext): boolean {
  return allowed(auth, "seeCriticalLines");
}

const maxKey = (a: ChangeKey, xid: bigint): ChangeKey =>
  a.xid >= xid ? a : { xid, entity: "", id: 0 };

/**
 * One answer of the feed. A changes run hands out what changed after the cursor and below the
 * current snapshot bound; a full run (no cursor) lists what was live below the bound taken at
 * its start, then continues as a changes run from that bound, so nothing that changes while
 * it pages is lost.
 */
export async function readChanges(
  db: Db,
  auth: AuthContext,
  query: ChangesQuery,
  now: Date,
): Promise<Changes> {
  const parsed = query.since === undefined ? undefined : parseCursor(query.since);
  if (query.since !== undefined && !parsed) {
    throw errors.validation({ since: ["Not a cursor of this feed"] });
  }
  const cursor: Cursor = parsed ?? fullRun(await snapshotBound(db));
  const window = changeWindow(now.getTime());
  const full = cursor.kind === "full";
  const below = cursor.kind === "full" ? cursor.below : await snapshotBound(db);
  const scope: FeedScope = {
    companyId: auth.company.id,
    clientIds: auth.clientIds,
    types: visibleTypes(auth),
    from: new Date(window.from),
    until: new Date(window.until),
    full,
    criticalLines: seesCriticalLines(auth),
  };
  const entries = await listChanges(db, scope, cursor.after, below, query.limit + 1);
  const more = entries.length > query.limit;
  const page = entries.slice(0, query.limit);
  const last = page.at(-1);
  let next: Cursor;
  if (more && last) {
    const after = { xid: last.xid, entity: last.entity, id: last.id };
    next = cursor.kind === "full" ? { kind: "full", below, after } : { kind: "changes", after };
  } else {
    next = { kind: "changes", after: maxKey(cursor.after, below) };
  }

  return presentEntries(db, auth.company.id, page, {
    cursor: formatCursor(next),
    more,
    full,
    window,
    criticalLines: scope.criticalLines !== false,
    now,
  });
}

export interface EntriesMeta {
  cursor: string;
  more: boolean;
  full: boolean;
  window: ChangeWindow;
  /** The reader may see critical lines: the answer lists them (else no such key). */
  criticalLines: boolean;
  now: Date;
}

/**
 * The feed's answer for `entries` (in feed order): the rows read, presented in the contract's
 * shape. GET /api/changes and the live events (live-slice.ts) both answer with it.
 */
export async function presentEntries(
  db: Db,
  companyId: number,
  entries: readonly ChangeEntry[],
  meta: EntriesMeta,
): Promise<Changes> {
  const live = (entity: "critical_line" | "shipment" | "shipper") =>
    entries.filter((entry) => entry.entity === entity && !entry.deleted).map((entry) => entry.id);
  const [shipperRows, shipmentViews, criticalLineRows] = await Promise.all([
    findTrucks(db, companyId, live("shipper")),
    findShipmentViews(db, companyId, live("shipment")),
    findCriticalLines(db, companyId, live("critical_line")),
  ]);
  return presentChanges({
    cursor: meta.cursor,
    more: meta.more,
    full: meta.full,
    window: meta.window,
    entries,
    shippers: shipperRows,
    shipments: shipmentViews,
    ...(meta.criticalLines ? { criticalLines: criticalLineRows } : {}),
    now: meta.now,
  });
}
