import type { Db } from "../../db/database";
import type { ShipperRow } from "../../db/schema/shippers";
import { ApiError, errors } from "../../errors";
import { findLineSlot } from "../lines/repository";
import { today } from "../scheduling/yard-day";
import { checkInTrucks, findShipper } from "./repository";

/**
 * GET api/shipper/available?line=: the trucks the line may take at the gate. A line that
 * already has a truck takes that one only (any other is refused as line_taken); a line that is
 * not one of today's takes none (409 line_mismatch, the check-in's own refusal); else every
 * truck of the company, de-duplicated by plate (the most recently registered kept).
 */
export async function trucksForLine(
  db: Db,
  companyId: number,
  lineId: number,
  filter: { plate?: string | undefined; limit: number },
): Promise<{ count: number; rows: ShipperRow[] }> {
  const line = await findLineSlot(db, companyId, lineId);
  if (!line) throw errors.notFound("No such line");
  const span = await today(db, companyId);
  if (line.bookedDate < span.from || line.bookedDate >= span.until) {
    throw new ApiError(409, "line_mismatch", "The line is not one of today's lines");
  }
  if (line.shipperId !== null) {
    const own = await findShipper(db, companyId, line.shipperId);
    const rows = own && (!filter.plate || own.plate.includes(filter.plate)) ? [own] : [];
    return { count: rows.length, rows };
  }
  return checkInTrucks(db, companyId, filter);
}
