import { createRouter } from "@tanstack/react-router";
import { routeTree } from "./routeTree.gen";
import { parseUrlSearch, stringifyUrlSearch } from "./ui/list/url-search";

export const router = createRouter({
  routeTree,
  // New navigations start at the top (spec section 6); back and forward restore the position.
  scrollRestoration: true,
  defaultPreload: false,
  // Plain filter values in the URL (?plate=9999), not JSON (?plate=%229999%22).
  parseSearch: parseUrlSearch,
  stringifySearch: stringifyUrlSearch,
});

declare module "@tanstack/react-router" {
  interface Register {
    router: typeof router;
  }
}
