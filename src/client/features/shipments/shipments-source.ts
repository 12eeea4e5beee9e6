import { PAGE_SIZE } from "../../../shared/constants";
import type { ShipmentType } from "../../../shared/contract/status";
import { type ShipmentsSource, shipmentsSourceFor } from "../../offline/shipments-source";

/**
 * The expeditions or receptions list through the mirror: API pages of 10, local paging over the
 * mirror offline. One stable source per type and company code (kl's issued rule runs locally).
 */
export function shipmentsSource(type: ShipmentType, companyCode: string | null): ShipmentsSource {
  return shipmentsSourceFor(type, companyCode, PAGE_SIZE.lists);
}
