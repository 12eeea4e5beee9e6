import type { Shipment } from "../../shared/contract/shipments";
import type { ShipmentType } from "../../shared/contract/status";
import { pageMovedBy } from "./list-refresh";
import { listShipments } from "./shipments-api";
import {
  compareShipments,
  readCreatedShipments,
  readLocalShipmentsPage,
  readShipments,
  SHIPMENT_RESOURCE,
  type ShipmentListFilters,
  shipmentMatcher,
  writeShipmentsPage,
} from "./shipments-mirror";
import type { MirroredListSource } from "./use-mirrored-list";

export type ShipmentsSource = MirroredListSource<Shipment, ShipmentListFilters>;

const cache = new Map<string, ShipmentsSource>();

/**
 * Expeditions or receptions through the mirror in pages of `pageSize`: one stable source per
 * type, company code and view (the lists, the board). A `view` keeps its own page records, so
 * the board's page of a day (all lines) and the list's (10 lines) do not overwrite each other.
 */
export function shipmentsSourceFor(
  type: ShipmentType,
  companyCode: string | null,
  pageSize: number,
  view?: string,
): ShipmentsSource {
  const key = `${type}:${companyCode ?? ""}:${view ?? ""}:${pageSize}`;
  const known = cache.get(key);
  if (known) return known;
  const resource = view ? `${SHIPMENT_RESOURCE[type]}-${view}` : SHIPMENT_RESOURCE[type];
  const scope = { type, companyCode, resource };
  const source: ShipmentsSource = {
    resource,
    pageSize,
    fetchPage: (filters, page, signal) => listShipments(type, filters, page, pageSize, signal),
    writePage: (company, filters, page, answer) =>
      writeShipmentsPage(company, scope, filters, page, pageSize, answer),
    readRows: readShipments,
    readLocal: (company, filters, page) =>
      readLocalShipmentsPage(company, scope, filters, page, pageSize),
    readCreated: (company, filters) => readCreatedShipments(company, scope, filters),
    // A line shows its truck (plate, name) as the server joined it: a truck change refetches.
    movedBy: (report, filters) =>
      report.shippers.length > 0 ||
      pageMovedBy(report.shipments, shipmentMatcher(scope, filters), compareShipments),
  };
  cache.set(key, source);
  return source;
}
