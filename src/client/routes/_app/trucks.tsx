import { createFileRoute } from "@tanstack/react-router";
import { TrucksPage } from "../../features/trucks/trucks-page";
import { TrucksSearch } from "../../features/trucks/trucks-search";
import { cleanSearch, parseSearch } from "../../ui/list/url-search";

/** /trucks: filters and page in the URL, validated by zod, falsy values dropped (spec section 2). */
export const Route = createFileRoute("/_app/trucks")({
  validateSearch: (search: Record<string, unknown>) =>
    cleanSearch(parseSearch(TrucksSearch, search)) as TrucksSearch,
  component: TrucksPage,
});
