import type { I18n, MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { StatusLabel } from "../../../shared/contract/status";

/**
 * The value that won on the server, as text, for the fields a queued change can touch: a line's
 * status ({id, description, color}) or reason ({code, name} or none). The same catalog messages
 * as the shipment lists (one msgid, one translation).
 */
const STATUS: Record<StatusLabel, MessageDescriptor> = {
  in_preparation: msg`In preparation`,
  ready_to_sent: msg`Ready to send`,
  sent: msg`Sent`,
  dispached: msg`Issued`,
  received: msg`Received`,
  ready: msg`Ready`,
  revision: msg`Revision`,
  cancelled: msg`Cancelled`,
  attention_req: msg`Attention required`,
  in_progress: msg`In progress`,
};

const REASON: Record<string, MessageDescriptor> = {
  damaged_goods: msg`Goods damaged`,
  missing_packages: msg`Packages missing`,
  wrong_documents: msg`Wrong or missing documents`,
  quality_hold: msg`Held by quality control`,
  shipper_delay: msg`Shipper delay`,
  preparation_delay: msg`Preparation delay`,
  package_delay: msg`Package delay`,
  client_request: msg`Cancelled by the client`,
  no_stock: msg`Not enough stock`,
  sender_request: msg`Cancelled by the sender`,
};

const NONE = "—";

function nameOf(value: unknown, key: "description" | "name"): string | null {
  if (typeof value !== "object" || value === null) return null;
  const name = (value as Record<string, unknown>)[key];
  return typeof name === "string" ? name : null;
}

/** The server's value in the interface language; "—" for none; null when not shown. */
export function serverValueText(field: string, value: unknown, i18n: I18n): string | null {
  if (value === undefined) return null;
  if (value === null) return NONE;
  if (field === "status") {
    const label = nameOf(value, "description");
    const descriptor = label === null ? undefined : STATUS[label as StatusLabel];
    return descriptor ? i18n._(descriptor) : (label ?? NONE);
  }
  if (field === "reason") {
    const name = nameOf(value, "name");
    const descriptor = name === null ? undefined : REASON[name];
    return descriptor ? i18n._(descriptor) : (name ?? NONE);
  }
  return typeof value === "string" || typeof value === "number" ? String(value) : null;
}
