import type { CriticalLine } from "../../../shared/contract/critical-lines";
import {
  CRITICAL_LINES_RESOURCE,
  type CriticalLineListFilters,
  readCreatedCriticalLines,
  readCriticalLines,
  readLocalCriticalLinesPage,
  writeCriticalLinesPage,
} from "../../offline/critical-lines-mirror";
import { sourcesByPageSize } from "../../offline/sources-by-page-size";
import type { MirroredListSource } from "../../offline/use-mirrored-list";
import { listCriticalLines } from "./api";

/** Page size of critical lines (spec section 9). */
export const CRITICAL_LINES_PAGE_SIZE = 10;

export type CriticalLinesSource = MirroredListSource<CriticalLine, CriticalLineListFilters>;

/**
 * The critical lines list through the mirror: API pages of `pageSize` (10, or the rows a kiosk
 * wall fits), local paging offline. One stable source per page size; another size keeps its
 * pages apart (a resource of its own), as the shipments lists do.
 */
export const criticalLinesSourceOf = sourcesByPageSize(
  CRITICAL_LINES_RESOURCE,
  CRITICAL_LINES_PAGE_SIZE,
  (resource, pageSize): CriticalLinesSource => ({
    resource,
    pageSize,
    fetchPage: (filters, page, signal) => listCriticalLines(filters, page, pageSize, signal),
    writePage: (company, filters, page, answer) =>
      writeCriticalLinesPage(company, filters, page, pageSize, answer, undefined, resource),
    readRows: readCriticalLines,
    readLocal: (company, filters, page) =>
      readLocalCriticalLinesPage(company, filters, page, pageSize),
    readCreated: readCreatedCriticalLines,
  }),
);

/** The list's usual source: pages of 10. */
export const criticalLinesSource: CriticalLinesSource = criticalLinesSourceOf();
