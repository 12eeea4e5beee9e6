import { parsePhoneNumberFromString } from "libphonenumber-js";
import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";

/** DD/MM/YYYY HH:mm in the device's zone (spec section 2), or "" for none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat(DATE_DISPLAY_FORMAT) : "";
}

/** An E.164 number in its readable international form (+34 612 34 56 78). */
export function formatPhone(e164: string | null): string {
  if (!e164) return "";
  return parsePhoneNumberFromString(e164)?.formatInternational() ?? e164;
}
