import { inArray } from "drizzle-orm";
import { db, type SyncIssueRow } from "../../../src/client/offline/db";
import { isGateWritePath } from "../../../src/client/offline/gate-writes";
import { shipmentHistory, shipments } from "../../../src/server/db/schema/shipments";
import { shippers } from "../../../src/server/db/schema/shippers";
import { gateEvents, yardDay } from "./gate";
import type { CheckInRecord, RunRecord } from "./records";
import type { SyncServer } from "./server";

/** A sync issue of the gate's writes (a check-in or check-out path). */
export function isGateIssue(issue: SyncIssueRow): boolean {
  return isGateWritePath(issue.path);
}

/**
 * The gate's invariants (issue 24). A check-in: stored once (one check_ins row under its uid,
 * on its line and truck, by its author), one history entry on its line, the line shows the
 * truck on the server and on the device; or, the line taken by another gate meanwhile, not
 * stored, listed once as 409 line_taken and the device shows the other truck (the server's)
 * or, the server unread, none.
 * A check-out of a truck its author checked in: stored once, after the check-in, by its
 * author, the departure on the server and on the device; of a truck that never arrived (or
 * whose check-in was refused): not stored, listed once as 409 truck_not_arrived, no departure
 * on the device. A check-in whose yard day ended before it reached the server may be refused
 * line_mismatch (the gate takes only today's lines); nothing else.
 */
export async function checkGate(
  out: string[],
  server: SyncServer,
  run: RunRecord,
  issues: SyncIssueRow[],
): Promise<void> {
  if (run.checkIns.length === 0 && run.checkOuts.length === 0) {
    for (const issue of issues) out.push(`sync issue for no gate write: ${issue.path}`);
    return;
  }
  const events = await gateEvents(server, [
    ...run.checkIns.map((each) => each.uid),
    ...run.checkOuts.map((each) => each.uid),
  ]);
  const appDb = server.test.app.db;
  const lineIds = run.checkIns.map((each) => each.lineId);
  // A run may hold check-outs and no check-in: inArray of no ids matches nothing.
  const lines = await appDb
    .select({ id: shipments.id, shipperId: shipments.shipperId, arrival: shipments.arrivalDate })
    .from(shipments)
    .where(inArray(shipments.id, lineIds));
  const history = await appDb
    .select({ id: shipmentHistory.shipmentId, modified: shipmentHistory.modifiedFields })
    .from(shipmentHistory)
    .where(inArray(shipmentHistory.shipmentId, lineIds));
  const truckIds = run.checkOuts.map((each) => each.truckId);
  const trucks = await appDb
    .select({ id: shippers.id, left: shippers.expeditionDate })
    .from(shippers)
    .where(inArray(shippers.id, truckIds));
  const dayNow = await yardDay(server);
  const claimed = new Set<SyncIssueRow>();
  const issuesOf = (uid: string) => {
    const mine = issues.filter((issue) => issue.path.endsWith(`/uid/${uid}`));
    for (const issue of mine) claimed.add(issue);
    return mine;
  };
  const accepted = new Set<CheckInRecord>();

  for (const visit of run.checkIns) {
    const label = `check-in #${visit.index} (${visit.plate} to line ${visit.lineId})`;
    const stored = events.get(visit.uid) ?? [];
    const refused = issuesOf(visit.uid);
    const line = lines.find((each) => each.id === visit.lineId);
    const written = history.filter(
      (entry) =>
        entry.id === visit.lineId &&
        (entry.modified as Record<string, { new?: unknown } | undefined>).shipper?.new ===
          visit.plate,
    ).length;
    const shown = await db.shipments.get(visit.lineId);
    if (refused.length > 1) out.push(`${label}: listed ${refused.length} times`);
    const [issue] = refused;
    const dayEnded = issue?.code === "line_mismatch" && dayNow !== visit.day;
    if (visit.otherPlate || dayEnded) {
      const code = visit.otherPlate ? "line_taken" : "line_mismatch";
      if (stored.length > 0) out.push(`${label}: refused (${code}), yet stored`);
      if (written > 0) out.push(`${label}: refused, yet in the line's history ${written} times`);
      if (!issue) out.push(`${label}: refused by the gate, yet not listed (lost)`);
      else if (issue.status !== 409 || issue.code !== code) {
        out.push(`${label}: listed as ${issue.status} ${issue.code}, expected 409 ${code}`);
      }
      // Reverted to a state the server had: its line now, or (unread) the line as mirrored.
      const plate = shown?.shipper?.plate ?? null;
      if (plate !== null && plate !== visit.otherPlate) {
        out.push(`${label}: refused, the device shows ${shown?.shipper?.plate ?? "no truck"}`);
      }
      continue;
    }
    if (issue) out.push(`${label}: refused (${issue.status} ${issue.code})`);
    const [event] = stored;
    if (stored.length !== 1 || !event) {
      out.push(`${label}: stored ${stored.length} times`);
      continue;
    }
    accepted.add(visit);
    if (
      event.kind !== "in" ||
      event.shipmentId !== visit.lineId ||
      event.shipperId !== visit.truckId
    ) {
      out.push(
        `${label}: stored as ${event.kind} of truck ${event.shipperId} to ${event.shipmentId}`,
      );
    }
    if (event.userId !== server.userIds[visit.author]) {
      out.push(`${label}: by ${visit.author}, stored as user ${event.userId}`);
    }
    if (written !== 1) out.push(`${label}: in the line's history ${written} times`);
    if (line?.shipperId !== visit.truckId || !line.arrival) {
      out.push(
        `${label}: the server's line has truck ${line?.shipperId}, arrival ${line?.arrival}`,
      );
    }
    if (shown?.shipper?.plate !== visit.plate || !shown.arrival_date) {
      out.push(
        `${label}: the device shows ${shown?.shipper?.plate}, arrival ${shown?.arrival_date}`,
      );
    }
  }

  for (const leave of run.checkOuts) {
    const label = `check-out #${leave.index} (${leave.plate})`;
    const visit = leave.visit === null ? undefined : run.checkIns[leave.visit];
    const stored = events.get(leave.uid) ?? [];
    const refused = issuesOf(leave.uid);
    const truck = trucks.find((each) => each.id === leave.truckId);
    const shown = await db.trucks.get(leave.truckId);
    if (refused.length > 1) out.push(`${label}: listed ${refused.length} times`);
    const [issue] = refused;
    if (!visit || !accepted.has(visit)) {
      // The truck never arrived (or its check-in was refused).
      if (stored.length > 0) out.push(`${label}: the truck never arrived, yet stored`);
      if (!issue) out.push(`${label}: refused by the gate, yet not listed (lost)`);
      else if (issue.status !== 409 || issue.code !== "truck_not_arrived") {
        out.push(`${label}: listed as ${issue.status} ${issue.code}`);
      }
      if (truck?.left) out.push(`${label}: refused, yet the server has a departure`);
      if (shown?.expedition_date) out.push(`${label}: refused, yet the device shows a departure`);
      continue;
    }
    if (issue) out.push(`${label}: refused (${issue.status} ${issue.code})`);
    const [event] = stored;
    if (stored.length !== 1 || !event) {
      out.push(`${label}: stored ${stored.length} times`);
      continue;
    }
    const arrival = (events.get(visit.uid) ?? [])[0];
    if (event.kind !== "out" || event.shipperId !== leave.truckId) {
      out.push(`${label}: stored as ${event.kind} of truck ${event.shipperId}`);
    }
    if (event.shipmentId !== visit.lineId) {
      out.push(`${label}: recorded on line ${event.shipmentId}, checked in to ${visit.lineId}`);
    }
    if (!arrival || event.id < arrival.id) out.push(`${label}: stored before its check-in`);
    if (event.userId !== server.userIds[leave.author]) {
      out.push(`${label}: by ${leave.author}, stored as user ${event.userId}`);
    }
    if (!truck?.left) out.push(`${label}: the server's truck has no departure`);
    if (!shown?.expedition_date) out.push(`${label}: the device shows no departure`);
  }
  for (const issue of issues) {
    if (!claimed.has(issue)) out.push(`sync issue for no gate write: ${issue.path}`);
  }
}
