import { DateTime } from "luxon";
import { DATE_DISPLAY_FORMAT } from "../../../shared/constants";

const WALL_DATE_FORMAT = "dd/LL HH:mm";

/** DD/MM/YYYY HH:mm in the device's zone (spec section 2), or "" for none. */
export function formatDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat(DATE_DISPLAY_FORMAT) : "";
}

/**
 * DD/MM HH:mm on a kiosk wall (issue 26): the lines a wall shows run around today, and the short
 * form keeps a date on one line in a column that leaves room for the other ten at 1280 px.
 */
export function formatWallDateTime(iso: string | null): string {
  if (!iso) return "";
  const date = DateTime.fromISO(iso);
  return date.isValid ? date.toLocal().toFormat(WALL_DATE_FORMAT) : "";
}
