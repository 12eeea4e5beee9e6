import { i18n as globalI18n, type I18n } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { StatusLabel } from "../../shared/contract/status";
import type { TimingClass } from "../../shared/shipment-timing";
import { type LabelTable, labelOf } from "../lib/labels";

/** Status descriptions (translation keys of the contract) as catalog messages. */
export const STATUS_TEXT: LabelTable<StatusLabel> = {
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
  delay: msg`Delay`,
};

/** Reason names (translation keys) as catalog messages. */
export const REASON_TEXT: LabelTable = {
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

export const TIMING_TEXT: LabelTable<TimingClass> = {
  in_time: msg`In time`,
  forward: msg`Forward`,
  delay: msg`Delay`,
};

/** A status by its description, in the interface language (an unknown one as the API sent it). */
export function statusLabel(description: string, i18n: I18n = globalI18n): string {
  return labelOf(STATUS_TEXT, description, i18n);
}

/**
 * A reason in the interface language, found by its name (translation key) or else its code;
 * an unknown one as the API named it.
 */
export function reasonLabel(
  reason: { name: string; code?: string | undefined },
  i18n: I18n = globalI18n,
): string {
  const fallback = reason.name || reason.code || "";
  const byCode = reason.code ? labelOf(REASON_TEXT, reason.code, i18n, fallback) : fallback;
  return labelOf(REASON_TEXT, reason.name, i18n, byCode);
}
