import { and, count, desc, eq, sql } from "drizzle-orm";
import type { Executor } from "../../db/database";
import {
  type WebhookEndpointRow,
  webhookDeliveries,
  webhookEndpoints,
  webhookEvents,
} from "../../db/schema/integrations";

const ofCompany = (companyId: number, id: number) =>
  and(eq(webhookEndpoints.companyId, companyId), eq(webhookEndpoints.id, id));

export async function listEndpoints(db: Executor, companyId: number) {
  return db
    .select()
    .from(webhookEndpoints)
    .where(eq(webhookEndpoints.companyId, companyId))
    .orderBy(webhookEndpoints.id);
}

export async function findEndpoint(db: Executor, companyId: number, id: number) {
  const [row] = await db.select().from(webhookEndpoints).where(ofCompany(companyId, id));
  return row;
}

export async function insertEndpoint(
  db: Executor,
  values: typeof webhookEndpoints.$inferInsert,
): Promise<WebhookEndpointRow> {
  const [row] = await db.insert(webhookEndpoints).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

export type EndpointChanges = Partial<
  Pick<WebhookEndpointRow, "url" | "description" | "events" | "active" | "secret">
>;

/** Applies the changes and bumps the version (at one of `versions` when given). */
export async function updateEndpoint(
  db: Executor,
  companyId: number,
  id: number,
  changes: EndpointChanges,
  versions: readonly number[] | undefined,
): Promise<WebhookEndpointRow | undefined> {
  const [row] = await db
    .update(webhookEndpoints)
    .set({ ...changes, version: sql`${webhookEndpoints.version} + 1`, updatedAt: new Date() })
    .where(
      and(
        ofCompany(companyId, id),
        versions
          ? sql`${webhookEndpoints.version} = any(${`{${versions.join(",")}}`}::int[])`
          : undefined,
      ),
    )
    .returning();
  return row;
}

export async function deleteEndpoint(db: Executor, companyId: number, id: number) {
  const deleted = await db
    .delete(webhookEndpoints)
    .where(ofCompany(companyId, id))
    .returning({ id: webhookEndpoints.id });
  return deleted.length > 0;
}

export interface DeliveryView {
  delivery: typeof webhookDeliveries.$inferSelect;
  event: { uid: string; type: string; payload: unknown };
}

/** An endpoint's deliveries, newest first. */
export async function listDeliveries(
  db: Executor,
  endpointId: number,
  limit: number,
  offset: number,
): Promise<{ count: number; rows: DeliveryView[] }> {
  const where = eq(webhookDeliveries.endpointId, endpointId);
  const [total] = await db.select({ n: count() }).from(webhookDeliveries).where(where);
  const rows = await db
    .select({
      delivery: webhookDeliveries,
      event: { uid: webhookEvents.uid, type: webhookEvents.type, payload: webhookEvents.payload },
    })
    .from(webhookDeliveries)
    .innerJoin(webhookEvents, eq(webhookEvents.id, webhookDeliveries.eventId))
    .where(where)
    .orderBy(desc(webhookDeliveries.id))
    .limit(limit)
    .offset(offset);
  return { count: total?.n ?? 0, rows };
}

export async function findDelivery(db: Executor, endpointId: number, id: number) {
  const [row] = await db
    .select()
    .from(webhookDeliveries)
    .where(and(eq(webhookDeliveries.endpointId, endpointId), eq(webhookDeliveries.id, id)));
  return row;
}

/** A new delivery of an event already sent (the same webhook-id), due now. */
export async function insertDelivery(
  db: Executor,
  values: { eventId: number; endpointId: number; entityKey: string },
) {
  const [row] = await db.insert(webhookDeliveries).values(values).returning();
  if (!row) throw new Error("insert returned no row");
  return row;
}

/** An event for one endpoint only (the test ping), with its delivery. */
export async function insertEventFor(
  db: Executor,
  endpoint: WebhookEndpointRow,
  event: { uid: string; type: string; entityKey: string; payload: unknown },
) {
  const [stored] = await db
    .insert(webhookEvents)
    .values({ ...event, companyId: endpoint.companyId })
    .returning({ id: webhookEvents.id });
  if (!stored) throw new Error("insert returned no row");
  return insertDelivery(db, {
    eventId: stored.id,
    endpointId: endpoint.id,
    entityKey: event.entityKey,
  });
}
