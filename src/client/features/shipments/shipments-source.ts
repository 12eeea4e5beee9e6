import { PAGE_SIZE } from "../../../shared/constants";
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

const pageSize = PAGE_SIZE.lists;

const cache = new Map<string, MirroredListSource<Shipment, ShipmentListFilters>>();

/**
 * The expeditions or receptions list through the mirror: API pages of 10, local paging over the
 * mirror offline. One stable source per type and company code (kl's issued rule runs locally).
 */
export function shipmentsSource(
  type: ShipmentType,
  companyCode: string | null,
): MirroredListSource<Shipment, ShipmentListFilters> {
  const key = `${type}:${companyCode ?? ""}`;
  const known = cache.get(key);
  if (known) return known;
  const scope = { type, companyCode };
  const source: MirroredListSource<Shipment, ShipmentListFilters> = {
    resource: SHIPMENT_RESOURCE[type],
    pageSize,
    fetchPage: (filters, page, signal) => listShipments(type, filters, page, pageSize, signal),
    writePage: (company, filters, page, answer) =>
      writeShipmentsPage(company, scope, filters, page, pageSize, answer),
    readRows: readShipments,
    readLocal: (company, filters, page) =>
      readLocalShipmentsPage(company, scope, filters, page, pageSize),
    readCreated: (company, filters) => readCreatedShipments(company, scope, filters),
  };
  cache.set(key, source);
  return source;
}
