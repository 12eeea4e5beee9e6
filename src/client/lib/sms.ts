import { parsePhoneNumberFromString } from "libphonenumber-js";
import { SmsFailedBody, SmsMessage } from "../../shared/contract/trucks";
import { ApiError } from "./errors";
import { http } from "./http";

/**
 * SMS to a truck's phone (POST api/shipper/{id}/sms), from the trucks page and from the
 * expeditions and receptions lines alike (spec: "send an SMS to the truck's phone"); the
 * server keeps its limits (one per truck in 10 s, per user per minute, SMS_ENABLED).
 */
export async function sendSms(truckId: number, message: string): Promise<SmsMessage> {
  return SmsMessage.parse(await http.post<unknown>(`api/shipper/${truckId}/sms`, { message }));
}

/** What the SMS gateway said when it refused (502 sms_failed), or null. */
export function smsFailureOf(error: unknown): string | null {
  if (!(error instanceof ApiError) || error.code !== "sms_failed") return null;
  const body = SmsFailedBody.safeParse(error.body);
  if (!body.success) return error.message;
  return body.data.sms.error || body.data.message;
}

/** An E.164 number in its readable international form (+34 612 34 56 78). */
export function formatPhone(e164: string | null): string {
  if (!e164) return "";
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}

/** SMS from a line (POST api/{expedition|reception}/{id}/sms): to its truck, logged with it. */
export async function sendLineSms(
  path: "expedition" | "reception",
  lineId: number,
  message: string,
): Promise<SmsMessage> {
  return SmsMessage.parse(await http.post<unknown>(`api/${path}/${lineId}/sms`, { message }));
}
