import type { Shipment } from "../../../shared/contract/shipments";
import type { ShipmentType } from "../../../shared/contract/status";
import { listShipments } from "../../offline/shipments-api";
import {
  readCreatedShipments,
  readLocalShipmentsPage,
  readShipments,
  SHIPMENT_RESOURCE,
  type ShipmentListFilters,
  writeShipmentsPage,
} from "../../offline/shipments-mirror";
import type { MirroredListSource } from "../../offline/use-mirrored-list";

/** A day of a yard holds at most this many lines of a type on the board (one request). */
export const BOARD_PAGE_SIZE = 500;

const cache = new Map<string, MirroredListSource<Shipment, ShipmentListFilters>>();

/**
 * A day's expeditions or receptions through the mirror, in one page: the same mirror, change
 * feed and live events as the lists, so a status changed anywhere shows within a second, and
 * offline the day is computed from the mirrored lines.
 */
export function boardSource(
  type: ShipmentType,
  companyCode: string | null,
): MirroredListSource<Shipment, ShipmentListFilters> {
  const key = `${type}:${companyCode ?? ""}`;
  const known = cache.get(key);
  if (known) return known;
  // Its own page records: the lists' pages of the same day hold 10 lines, the board's all.
  const resource = `${SHIPMENT_RESOURCE[type]}-board`;
  const scope = { type, companyCode, resource };
  const source: MirroredListSource<Shipment, ShipmentListFilters> = {
    resource,
    pageSize: BOARD_PAGE_SIZE,
    fetchPage: (filters, page, signal) =>
      listShipments(type, filters, page, BOARD_PAGE_SIZE, signal),
    writePage: (company, filters, page, answer) =>
      writeShipmentsPage(company, scope, filters, page, BOARD_PAGE_SIZE, answer),
    readRows: readShipments,
    readLocal: (company, filters, page) =>
      readLocalShipmentsPage(company, scope, filters, page, BOARD_PAGE_SIZE),
    readCreated: (company, filters) => readCreatedShipments(company, scope, filters),
  };
  cache.set(key, source);
  return source;
}
