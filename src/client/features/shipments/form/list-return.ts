import { DateTime } from "luxon";
import type { ShipmentWriteValues } from "../../../../shared/contract/shipments-write";
import type { ShipmentsSearch } from "../shipments-search";

/**
 * Where a new line's save returns in the list (spec: back to /expeditions or /receptions) so
 * the line shows at once: the list is ordered by booked date, and a new line rarely falls on
 * the first page of the unfiltered list. Looked up by its delivery note as users do; a line
 * without one (trw) by its booked day. The filter stands in the search box, one tap to clear.
 */
export function listSearchAfterCreate(values: ShipmentWriteValues): ShipmentsSearch {
  const code = values.code?.trim();
  if (code) return { search: code };
  const day = values.booked_date ? DateTime.fromISO(values.booked_date) : null;
  if (!day?.isValid) return {};
  const iso = day.toISODate() ?? undefined;
  return { booked_date_after: iso, booked_date_before: iso };
}
