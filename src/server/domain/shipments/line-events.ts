import { and, eq, inArray } from "drizzle-orm";
import type { WebhookEventType } from "../../../shared/contract/webhooks";
import type { Executor } from "../../db/database";
import { type NewHistoryRow, shipments } from "../../db/schema/shipments";
import { selectViews } from "../lines/repository";
import { type DomainEvent, type EventActor, emitEvents, subscribedTypes } from "../webhooks/emit";
import { presentShipment } from "./presenter";
import { insertHistory } from "./repository";

type Modified = Record<string, { old: unknown; new: unknown }>;

/** The webhook event a history entry tells of. */
export function lineEventType(modified: Modified, created: boolean): WebhookEventType {
  if (created) return "shipment.created";
  if ("deleted" in modified) return "shipment.deleted";
  if ("status" in modified) return "shipment.status_changed";
  return "shipment.updated";
}

/**
 * The one way a line change is recorded, inside the change's transaction: its history
 * entries, and the webhook events (shipment.created, updated with the changed fields,
 * status_changed, deleted) carrying the line as the API presents it after the change.
 */
export async function recordLineChanges(
  tx: Executor,
  actor: EventActor,
  entries: readonly NewHistoryRow[],
  options: { created?: boolean } = {},
): Promise<void> {
  if (entries.length === 0) return;
  await insertHistory(tx, [...entries]);
  const [first] = entries;
  if (!first) return;
  const companyId = first.companyId;
  const wanted = await subscribedTypes(tx, companyId);
  if (wanted.size === 0) return;
  const created = options.created ?? false;
  const typed = entries
    .map((entry) => ({ entry, type: lineEventType(entry.modifiedFields ?? {}, created) }))
    .filter(({ type }) => wanted.has(type));
  if (typed.length === 0) return;
  // Deleted lines included: a deletion event carries the line as it was left.
  const views = await selectViews(tx).where(
    and(
      eq(shipments.companyId, companyId),
      inArray(
        shipments.id,
        typed.map(({ entry }) => entry.shipmentId),
      ),
    ),
  );
  const byId = new Map(views.map((view) => [view.shipment.id, view]));
  const now = new Date();
  const events: DomainEvent[] = [];
  for (const { entry, type } of typed) {
    const view = byId.get(entry.shipmentId);
    if (!view) continue;
    events.push({
      type,
      companyId,
      entityKey: `shipment:${entry.shipmentId}`,
      actor,
      data: presentShipment(view, now),
      ...(created ? {} : { changes: entry.modifiedFields ?? {} }),
    });
  }
  await emitEvents(tx, events);
}
