import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEventType,
} from "../../../shared/contract/webhooks";
import type { WebhookEndpointRow } from "../../db/schema/integrations";
import type { DeliveryView } from "./repository";

const iso = (date: Date | null) => date?.toISOString() ?? null;

/** An endpoint as the API answers it: never its secret (only creation and rotation show it). */
export function presentEndpoint(row: WebhookEndpointRow): WebhookEndpoint {
  return {
    id: row.id,
    url: row.url,
    description: row.description,
    events: row.events as WebhookEventType[],
    active: row.active,
    failing_since: iso(row.failingSince),
    version: row.version,
    created_at: row.createdAt.toISOString(),
  };
}

export function presentDelivery({ delivery, event }: DeliveryView): WebhookDelivery {
  return {
    id: delivery.id,
    event_id: event.uid,
    event_type: event.type,
    state: delivery.state,
    attempts: delivery.attempts,
    response_status: delivery.responseStatus,
    response_ms: delivery.responseMs,
    response_body: delivery.responseBody,
    last_attempt_at: iso(delivery.lastAttemptAt),
    next_attempt_at: delivery.state === "pending" ? delivery.nextAttemptAt.toISOString() : null,
    created_at: delivery.createdAt.toISOString(),
    payload: event.payload,
  };
}
