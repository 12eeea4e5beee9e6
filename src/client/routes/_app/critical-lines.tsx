import { createFileRoute } from "@tanstack/react-router";
import { CriticalLinesPage } from "../../features/critical-lines/critical-lines-page";
import { CriticalLinesSearch } from "../../features/critical-lines/critical-lines-search";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/** /critical-lines: filters and page in the URL, validated by zod (spec section 2). */
export const Route = createFileRoute("/_app/critical-lines")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(CriticalLinesSearch, search)) as CriticalLinesSearch,
  component: CriticalLinesPage,
});
