import type { MessageDescriptor } from "@lingui/core";
import { msg } from "@lingui/core/macro";
import type { StatusLabel } from "../../shared/contract/status";
import type { TimingClass } from "../../shared/shipment-timing";

/** Status descriptions (translation keys of the contract) as catalog messages. */
export const STATUS_TEXT: Record<StatusLabel, MessageDescriptor> = {
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
export const REASON_TEXT: Record<string, MessageDescriptor> = {
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

export const TIMING_TEXT: Record<TimingClass, MessageDescriptor> = {
  in_time: msg`In time`,
  forward: msg`Forward`,
  delay: msg`Delay`,
};
