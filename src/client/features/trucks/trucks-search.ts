import { z } from "zod";
import { searchDay, searchPage, searchText } from "../../ui/list/search-fields";

/**
 * Search params of /trucks (route `validateSearch`): the list filters and page, as the URL
 * keeps them. Dates are local days (YYYY-MM-DD); the API gets start/end-of-day bounds.
 */
export const TrucksSearch = z.object({
  page: searchPage,
  name: searchText(120),
  plate: searchText(40),
  register_date_after: searchDay,
  register_date_before: searchDay,
});
export type TrucksSearch = z.output<typeof TrucksSearch>;
