import type { FastifyInstance, preHandlerAsyncHookHandler } from "fastify";
import type { SmsMessage } from "../../../shared/contract/trucks";
import type { AuthContext } from "../../auth/context";
import type { Db } from "../../db/database";
import { errors } from "../../errors";
import type { LimitsConfig } from "../../limits-config";
import type { SmsProvider } from "../../services/sms/provider";
import { presentSms } from "./presenter";
import { takeSmsSlot } from "./rate-limit";
import { insertSms } from "./repository";

/** SMS is a runtime feature (SMS_ENABLED, spec section 9): when off, every SMS route says so. */
export function requireSmsEnabled(app: FastifyInstance): preHandlerAsyncHookHandler {
  return async () => {
    if (!app.serverConfig.runtime.smsEnabled) throw errors.smsDisabled();
  };
}

export interface SmsTarget {
  /** E.164 number. */
  to: string;
  body: string;
  shipperId?: number;
  shipmentId?: number;
}

/**
 * Checks the SMS limits (rate-limit.ts: 429 rate_limited with Retry-After), hands the message
 * to the provider and logs it, sent or failed. A refused send is stored
 * too and answers 502 sms_failed with the stored message and the gateway's answer.
 */
export async function sendSms(
  db: Db,
  auth: AuthContext,
  target: SmsTarget,
  deps: { sms: SmsProvider; limits: LimitsConfig },
): Promise<SmsMessage> {
  const { sms: provider, limits } = deps;
  await takeSmsSlot(
    db,
    { companyId: auth.company.id, userId: auth.user.id, shipperId: target.shipperId },
    limits,
  );
  const result = await provider.send({ to: target.to, body: target.body });
  const row = await insertSms(db, {
    companyId: auth.company.id,
    shipperId: target.shipperId ?? null,
    shipmentId: target.shipmentId ?? null,
    toPhone: target.to,
    body: target.body,
    provider: provider.name,
    userId: auth.user.id,
    ...(result.ok
      ? { status: "sent", providerMessageId: result.id ?? null }
      : { status: "failed", error: result.error, gatewayStatus: result.status ?? null }),
  });
  const sms = presentSms(row);
  if (!result.ok) {
    const reason = result.status ? `HTTP ${result.status}: ${result.error}` : result.error;
    throw errors.smsFailed(reason, sms);
  }
  return sms;
}
