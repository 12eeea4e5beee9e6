import type { CriticalLine } from "../../../shared/contract/critical-lines";
import {
  CRITICAL_LINES_RESOURCE,
  type CriticalLineListFilters,
  readCreatedCriticalLines,
  readCriticalLines,
  readLocalCriticalLinesPage,
  writeCriticalLinesPage,
} from "../../offline/critical-lines-mirror";
import type { MirroredListSource } from "../../offline/use-mirrored-list";
import { listCriticalLines } from "./api";

/** Page size of critical lines (spec section 9). */
export const CRITICAL_LINES_PAGE_SIZE = 10;

/** The critical lines list through the mirror: API pages of 10, local paging offline. */
export const criticalLinesSource: MirroredListSource<CriticalLine, CriticalLineListFilters> = {
  resource: CRITICAL_LINES_RESOURCE,
  pageSize: CRITICAL_LINES_PAGE_SIZE,
  fetchPage: (filters, page, signal) =>
    listCriticalLines(filters, page, CRITICAL_LINES_PAGE_SIZE, signal),
  writePage: (company, filters, page, answer) =>
    writeCriticalLinesPage(company, filters, page, CRITICAL_LINES_PAGE_SIZE, answer),
  readRows: readCriticalLines,
  readLocal: (company, filters, page) =>
    readLocalCriticalLinesPage(company, filters, page, CRITICAL_LINES_PAGE_SIZE),
  readCreated: readCreatedCriticalLines,
};
