import { randomBytes } from "node:crypto";
import { sql } from "drizzle-orm";
import type { WebhookEventType } from "../../../shared/contract/webhooks";
import type { AuthContext } from "../../auth/context";
import type { Executor } from "../../db/database";

/** Channel the outbox announces new deliveries on (delivered at commit). */
export const WEBHOOK_CHANNEL = "yardline_webhooks";

/** Who made the change an event tells of. */
export type EventActor =
  | { type: "user"; id: number; username: string }
  | { type: "api_key"; id: number; name: string }
  /** A carrier's own check-in (no login). */
  | { type: "carrier"; id: null };

export function actorOf(auth: AuthContext): EventActor {
  if (auth.apiKey) return { type: "api_key", id: auth.apiKey.id, name: auth.apiKey.name };
  return { type: "user", id: auth.user.id, username: auth.user.username };
}

export interface DomainEvent {
  type: WebhookEventType | "webhook.ping";
  companyId: number;
  /** `shipment:12`: the deliveries of one entity go out in the order emitted. */
  entityKey: string;
  actor: EventActor;
  /** The API's own presentation of the entity. */
  data: unknown;
  /** What an update changed: each field's old and new value. */
  changes?: Record<string, { old: unknown; new: unknown }>;
}

/** The id receivers deduplicate on (`webhook-id`). */
export function newEventUid(): string {
  return `msg_${randomBytes(16).toString("base64url")}`;
}

/** The body posted for an event: the same bytes on every attempt. */
export function payloadOf(event: DomainEvent, uid: string, at: Date) {
  return {
    id: uid,
    type: event.type,
    timestamp: at.toISOString(),
    company: { id: event.companyId },
    actor: event.actor,
    data: event.data,
    ...(event.changes ? { changes: event.changes } : {}),
  };
}

/**
 * The one way to emit webhook events: call it inside the transaction of the change, so the
 * events exist exactly when the change committed (the transactional outbox). Only events some
 * active endpoint of the company subscribes to are stored, with one delivery per endpoint;
 * the worker (domain/webhooks/worker.ts) hears the NOTIFY at commit and sends them.
 */
export async function emitEvents(tx: Executor, events: readonly DomainEvent[]): Promise<void> {
  if (events.length === 0) return;
  const now = new Date();
  const rows = events.map((event) => {
    const uid = newEventUid();
    return {
      uid,
      company_id: event.companyId,
      type: event.type,
      entity_key: event.entityKey,
      payload: payloadOf(event, uid, now),
    };
  });
  const result = await tx.execute(sql`
    with input as (
      select x.item->>'uid' as uid, (x.item->>'company_id')::int as company_id,
        x.item->>'type' as type, x.item->>'entity_key' as entity_key,
        x.item->'payload' as payload, x.ordinality
      from jsonb_array_elements(${JSON.stringify(rows)}::jsonb) with ordinality as x(item, ordinality)
    ),
    stored as (
      insert into webhook_events (uid, company_id, type, entity_key, payload)
      select uid, company_id, type, entity_key, payload from input i
      where exists (select 1 from webhook_endpoints e where e.company_id = i.company_id
        and e.active and i.type = any(e.events))
      order by i.ordinality
      returning id, company_id, type, entity_key
    )
    insert into webhook_deliveries (event_id, endpoint_id, entity_key)
    select s.id, e.id, s.entity_key from stored s
    join webhook_endpoints e on e.company_id = s.company_id and e.active and s.type = any(e.events)
    order by s.id, e.id
    returning 1 as one`);
  if (rowCount(result) > 0) await notifyWorkers(tx);
}

/**
 * The event types some active endpoint of the company subscribes to: a change whose events
 * nobody wants skips building them (one indexed read).
 */
export async function subscribedTypes(tx: Executor, companyId: number): Promise<Set<string>> {
  const result = await tx.execute(sql`
    select distinct unnest(events) as type from webhook_endpoints
    where company_id = ${companyId} and active`);
  return new Set(((result as { rows: { type: string }[] }).rows ?? []).map((row) => row.type));
}

/** Wakes the workers of every instance when the transaction commits. */
export async function notifyWorkers(tx: Executor): Promise<void> {
  await tx.execute(sql`select pg_notify(${WEBHOOK_CHANNEL}, '')`);
}

function rowCount(result: unknown): number {
  return (result as { rows?: unknown[] }).rows?.length ?? 0;
}
