import {
  type ChangeKey,
  type Cursor,
  formatCursor,
  fullRun,
  parseCursor,
} from "../../../shared/change-cursor";
import { changeWindow } from "../../../shared/change-window";
import { SHIPMENT_TYPE } from "../../../shared/constants";
import type { Changes, ChangesQuery } from "../../../shared/contract/changes";
import type { ShipmentType } from "../../../shared/contract/status";
import type { AuthContext } from "../../auth/context";
import { allowed } from "../../auth/permissions";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import { findCriticalLines } from "../critical-lines/repository";
import { SHIPMENT_PERMISSIONS } from "../lines/access";
import { findTrucks } from "../trucks/repository";
import { presentChanges } from "./presenter";
import { type FeedScope, listChanges } from "./repository";

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
  const window = changeWindow(now.getTime());
  // A new full run lists what was live below the bound of its first page's own statement.
  const full = parsed === undefined || parsed.kind === "full";
  const scope: FeedScope = {
    companyId: auth.company.id,
    clientIds: auth.clientIds,
    types: visibleTypes(auth),
    from: new Date(window.from),
    until: new Date(window.until),
    full,
    criticalLines: seesCriticalLines(auth),
  };
  const { below, entries, shipments } = await listChanges(
    db,
    scope,
    parsed?.after ?? fullRun(0n).after,
    parsed?.kind === "full" ? parsed.below : "now",
    query.limit + 1,
  );
  const cursor: Cursor = parsed ?? fullRun(below);
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

  const live = (entity: "critical_line" | "shipment" | "shipper") =>
    page.filter((entry) => entry.entity === entity && !entry.deleted).map((entry) => entry.id);
  const [shipperRows, criticalLineRows] = await Promise.all([
    findTrucks(db, auth.company.id, live("shipper")),
    findCriticalLines(db, auth.company.id, live("critical_line")),
  ]);
  // The lines came with the changes; the extra change that only tells `more` is not answered.
  const listed = new Set(live("shipment"));
  const shipmentViews = shipments.filter((view) => listed.has(view.shipment.id));
  return presentChanges({
    cursor: formatCursor(next),
    more,
    full,
    window,
    entries: page,
    shippers: shipperRows,
    shipments: shipmentViews,
    ...(scope.criticalLines ? { criticalLines: criticalLineRows } : {}),
    now,
  });
}
