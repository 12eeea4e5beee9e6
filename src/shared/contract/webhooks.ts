import { z } from "zod";
import { IsoDateTime, text } from "./fields";

/** Event types a webhook endpoint may subscribe to (issue 28). */
export const WEBHOOK_EVENTS = [
  "shipment.created",
  "shipment.updated",
  "shipment.status_changed",
  "shipment.deleted",
  "truck.checked_in",
  "truck.checked_out",
  "attachment.added",
  "critical_line.created",
  "critical_line.updated",
  "critical_line.deleted",
] as const;
export type WebhookEventType = (typeof WEBHOOK_EVENTS)[number];

/** The test ping's type: sent to one endpoint on request, never subscribed to. */
export const PING_EVENT = "webhook.ping";

export const WebhookUrl = text(2000, { min: 1 }).describe(
  "Where events are posted: https (http only when the server allows it); private, loopback " +
    "and link-local addresses are refused unless the server allows them",
);

export const WebhookEndpointCreate = z.object({
  url: WebhookUrl,
  description: text(200).default(""),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length),
  active: z.boolean().default(true),
});
export type WebhookEndpointCreate = z.input<typeof WebhookEndpointCreate>;

export const WebhookEndpointPatch = z.object({
  url: WebhookUrl.optional(),
  description: text(200).optional(),
  events: z.array(z.enum(WEBHOOK_EVENTS)).min(1).max(WEBHOOK_EVENTS.length).optional(),
  active: z.boolean().optional(),
});
export type WebhookEndpointPatch = z.infer<typeof WebhookEndpointPatch>;

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  url: z.string(),
  description: z.string(),
  events: z.array(z.enum(WEBHOOK_EVENTS)),
  active: z.boolean(),
  /** Since when a delivery was given up after 3 days of retries; null when healthy. */
  failing_since: IsoDateTime.nullable(),
  version: z.number().int(),
  created_at: IsoDateTime,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The endpoint with its signing secret: answered only at creation and rotation. */
export const WebhookEndpointWithSecret = WebhookEndpoint.extend({
  secret: z.string().describe("Standard Webhooks secret (whsec_...); shown once"),
});
export type WebhookEndpointWithSecret = z.infer<typeof WebhookEndpointWithSecret>;

export const DELIVERY_STATES = ["pending", "delivered", "failed"] as const;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  event_id: z.string().describe("The webhook-id header: the same on every attempt"),
  event_type: z.string(),
  state: z.enum(DELIVERY_STATES),
  attempts: z.number().int(),
  response_status: z.number().int().nullable(),
  response_ms: z.number().int().nullable(),
  response_body: z.string().nullable(),
  last_attempt_at: IsoDateTime.nullable(),
  next_attempt_at: IsoDateTime.nullable(),
  created_at: IsoDateTime,
  /** The body posted (the same bytes every attempt). */
  payload: z.unknown(),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;
