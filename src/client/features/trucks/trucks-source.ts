import { PAGE_SIZE } from "../../../shared/constants";
import type { Shipper } from "../../../shared/contract/trucks";
import { sourcesByPageSize } from "../../offline/sources-by-page-size";
import {
  readLocalTrucksPage,
  readTrucks,
  TRUCKS_RESOURCE,
  type TruckListFilters,
  writeTrucksPage,
} from "../../offline/trucks-mirror";
import type { MirroredListSource } from "../../offline/use-mirrored-list";
import { listTrucks } from "./api";

export type TrucksSource = MirroredListSource<Shipper, TruckListFilters>;

/**
 * The trucks list through the mirror: API pages of `pageSize` (10, or the rows a kiosk wall
 * fits), local paging over the mirror offline. One stable source per page size; another size
 * keeps its pages apart (a resource of its own), as the shipments lists do.
 */
export const trucksSourceOf = sourcesByPageSize(
  TRUCKS_RESOURCE,
  PAGE_SIZE.trucks,
  (resource, pageSize): TrucksSource => ({
    resource,
    pageSize,
    fetchPage: (filters, page, signal) => listTrucks(filters, page, pageSize, signal),
    writePage: (company, filters, page, answer) =>
      writeTrucksPage(company, filters, page, pageSize, answer, undefined, resource),
    readRows: readTrucks,
    readLocal: (company, filters, page) => readLocalTrucksPage(company, filters, page, pageSize),
  }),
);

/** The list's usual source: pages of 10. */
export const trucksSource: TrucksSource = trucksSourceOf();
