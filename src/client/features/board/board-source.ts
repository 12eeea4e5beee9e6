import type { ShipmentType } from "../../../shared/contract/status";
import { type ShipmentsSource, shipmentsSourceFor } from "../../offline/shipments-source";

/** A day of a yard holds at most this many lines of a type on the board (one request). */
export const BOARD_PAGE_SIZE = 500;

/**
 * A day's expeditions or receptions through the mirror, in one page: the same mirror, change
 * feed and live events as the lists, so a status changed anywhere shows within a second, and
 * offline the day is computed from the mirrored lines. Its own page records ("board" view):
 * the lists' pages of the same day hold 10 lines, the board's all.
 */
export function boardSource(type: ShipmentType, companyCode: string | null): ShipmentsSource {
  return shipmentsSourceFor(type, companyCode, BOARD_PAGE_SIZE, "board");
}
