import type { SmsMessage } from "../../../shared/contract/trucks";
import type { SmsMessageRow } from "../../db/schema/sms";

export function presentSms(row: SmsMessageRow): SmsMessage {
  return {
    id: row.id,
    shipper: row.shipperId,
    shipment: row.shipmentId,
    to: row.toPhone,
    body: row.body,
    status: row.status,
    provider: row.provider,
    error: row.error,
    gateway_status: row.gatewayStatus,
    user: row.userId,
    created: row.createdAt.toISOString(),
  };
}
