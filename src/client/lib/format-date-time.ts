import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../shared/constants";

/**
 * DD/MM/YYYY HH:mm in the device's zone (spec section 2), or "" for none. (features/trucks
 * and features/critical-lines still hold copies of their own; they can move here.)
 */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat(DATE_DISPLAY_FORMAT) : "";
}
