import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { API_KEY_ROLES } from "../../../shared/contract/api-keys";
import type { DELIVERY_STATES, WebhookEventType } from "../../../shared/contract/webhooks";

/** The webhook events as people read them on the endpoint form. */
export const EVENT_LABELS: Record<WebhookEventType, MessageDescriptor> = {
  "shipment.created": msg`Line created`,
  "shipment.updated": msg`Line changed`,
  "shipment.status_changed": msg`Line status changed`,
  "shipment.deleted": msg`Line deleted`,
  "truck.checked_in": msg`Truck checked in`,
  "truck.checked_out": msg`Truck checked out`,
  "attachment.added": msg`Attachment added`,
  "critical_line.created": msg`Critical line created`,
  "critical_line.updated": msg`Critical line changed`,
  "critical_line.deleted": msg`Critical line deleted`,
};

/** The test ping's name in the delivery log. */
export const PING_LABEL = msg`Test ping`;

export const STATE_LABELS: Record<(typeof DELIVERY_STATES)[number], MessageDescriptor> = {
  pending: msg`Waiting`,
  delivered: msg`Delivered`,
  failed: msg`Failed`,
};

export type ApiKeyRole = (typeof API_KEY_ROLES)[number];
