import { z } from "zod";
import { searchDay, searchPage, searchText } from "../../ui/list/search-fields";

/** Ids: an array (the router's JSON), one number or a comma list; bad items dropped. */
const ids = z.preprocess(
  (value) => {
    if (value === undefined || value === null || value === "") return undefined;
    const items = Array.isArray(value) ? value : String(value).split(",");
    const numbers = items.map(Number).filter((item) => Number.isInteger(item) && item > 0);
    return numbers.length > 0 ? [...new Set(numbers)] : undefined;
  },
  z
    .array(z.number().int())
    .max(100)
    .optional()
    .catch(() => undefined),
);

/**
 * Search params of /expeditions and /receptions (route `validateSearch`): the list filters and
 * page. Dates are local days (YYYY-MM-DD); client and status are id lists.
 */
export const ShipmentsSearch = z.object({
  page: searchPage,
  booked_date_after: searchDay,
  booked_date_before: searchDay,
  code: searchText(120),
  search: searchText(120),
  route_plate: searchText(120),
  info_shipper: searchText(120),
  origin: searchText(120),
  client: ids,
  status: ids,
  /** "next": open on the page holding the next line due (a forklift's home, issue 26). */
  due: z
    .literal("next")
    .optional()
    .catch(() => undefined),
  show_issued: z
    .preprocess((value) => value === true || value === "true" || value === 1, z.boolean())
    .optional()
    .catch(() => undefined),
});
export type ShipmentsSearch = z.output<typeof ShipmentsSearch>;

/**
 * Filters in force behind the Filters button (the search box is counted apart): a
 * date range counts once, a list of clients or statuses once.
 */
export function hiddenFilterCount(filters: Omit<ShipmentsSearch, "page">): number {
  const set = [
    filters.booked_date_after || filters.booked_date_before,
    filters.code,
    filters.route_plate,
    filters.info_shipper,
    filters.origin,
    filters.client?.length,
    filters.status?.length,
    filters.show_issued,
  ];
  return set.filter(Boolean).length;
}
