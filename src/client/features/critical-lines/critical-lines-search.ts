import { z } from "zod";
import { searchDay, searchPage, searchText } from "../../ui/list/search-fields";

/**
 * Search params of /critical-lines (route `validateSearch`): filters and page as the URL keeps
 * them. Dates are local days; a line shows when it overlaps them (it ends on or after
 * date_after and starts on or before date_before).
 */
export const CriticalLinesSearch = z.object({
  page: searchPage,
  date_after: searchDay,
  date_before: searchDay,
  line: searchText(200),
  cause: searchText(200),
  product: searchText(200),
  provider: searchText(200),
  client_name: searchText(200),
});
export type CriticalLinesSearch = z.output<typeof CriticalLinesSearch>;
