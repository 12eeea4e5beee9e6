import { PAGE_SIZE } from "../../../shared/constants";
import type { Shipper } from "../../../shared/contract/trucks";
import {
  readLocalTrucksPage,
  readTrucks,
  TRUCKS_RESOURCE,
  type TruckListFilters,
  writeTrucksPage,
} from "../../offline/trucks-mirror";
import type { MirroredListSource } from "../../offline/use-mirrored-list";
import { listTrucks } from "./api";

const pageSize = PAGE_SIZE.trucks;

/** The trucks list through the mirror: API pages of 10, local paging over the mirror offline. */
export const trucksSource: MirroredListSource<Shipper, TruckListFilters> = {
  resource: TRUCKS_RESOURCE,
  pageSize,
  fetchPage: (filters, page, signal) => listTrucks(filters, page, pageSize, signal),
  writePage: (company, filters, page, answer) =>
    writeTrucksPage(company, filters, page, pageSize, answer),
  readRows: readTrucks,
  readLocal: (company, filters, page) => readLocalTrucksPage(company, filters, page, pageSize),
};
