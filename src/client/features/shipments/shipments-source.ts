import { PAGE_SIZE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import { type ShipmentsSource, shipmentsSourceFor } from "../../offline/shipments-source";

/**
 * The expeditions or receptions list through the mirror: API pages of 10 (a kiosk wall's pages
 * fit its screen), local paging over the mirror offline. One stable source per type, company
 * code and page size (kl's issued rule runs locally).
 */
export function shipmentsSource(
  type: ShipmentType,
  companyCode: string | null,
  pageSize: number = PAGE_SIZE.lists,
): ShipmentsSource {
  // Another page size pages the list differently: its pages are kept apart (a view of their own).
  const view = pageSize === PAGE_SIZE.lists ? undefined : `rows${pageSize}`;
  return shipmentsSourceFor(type, companyCode, pageSize, view);
}
