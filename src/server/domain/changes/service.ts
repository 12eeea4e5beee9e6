import {
  type ChangeKey,
  type Cursor,
  FULL_RUN_START,
  formatCursor,
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
import type { ShipmentView } from "../lines/repository";
import { findTrucks } from "../trucks/repository";
import { listFullRun } from "./full-run-repository";
import { presentChanges } from "./presenter";
import { type ChangeEntry, type FeedScope, listChanges } from "./repository";

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

/** One answer's entries (at most the limit), its lines, and the cursor that follows it. */
interface Page {
  entries: ChangeEntry[];
  shipments: ShipmentView[];
  more: boolean;
  next: Cursor;
}

/** A changes run: what changed after the cursor, below the current snapshot bound. */
async function changesPage(db: Db, scope: FeedScope, after: ChangeKey, limit: number) {
  const { below, entries, shipments } = await listChanges(db, scope, after, limit + 1);
  const more = entries.length > limit;
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  const next: Cursor =
    more && last
      ? { kind: "changes", after: { xid: last.xid, entity: last.entity, id: last.id } }
      : { kind: "changes", after: maxKey(after, below) };
  return { entries: page, shipments, more, next } satisfies Page;
}

/**
 * A full run: what was live below the bound taken at its start (its first page's statement),
 * then, once listed, a changes run from that bound, so nothing that changes while it pages is
 * lost.
 */
async function fullRunPage(
  db: Db,
  scope: FeedScope,
  cursor: Extract<Cursor, { kind: "full" }> | undefined,
  limit: number,
) {
  const after = cursor?.after ?? FULL_RUN_START;
  const { below, entries, shipments } = await listFullRun(
    db,
    scope,
    after,
    cursor?.below ?? "now",
    limit + 1,
  );
  const more = entries.length > limit;
  const page = entries.slice(0, limit);
  const last = page.at(-1);
  const next: Cursor =
    more && last
      ? { kind: "full", below, after: last.position }
      : { kind: "changes", after: { xid: below, entity: "", id: 0 } };
  return { entries: page, shipments, more, next } satisfies Page;
}

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
  const scope: FeedScope = {
    companyId: auth.company.id,
    clientIds: auth.clientIds,
    types: visibleTypes(auth),
    from: new Date(window.from),
    until: new Date(window.until),
    criticalLines: seesCriticalLines(auth),
  };
  const full = parsed === undefined || parsed.kind === "full";
  const {
    entries: page,
    shipments,
    more,
    next,
  } = parsed?.kind === "changes"
    ? await changesPage(db, scope, parsed.after, query.limit)
    : await fullRunPage(db, scope, parsed, query.limit);

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
