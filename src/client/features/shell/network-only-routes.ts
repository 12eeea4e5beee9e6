import type { RouteName } from "../../../shared/routes";
import type { PageKey } from "../../ui/page-titles";

/**
 * Private routes with no copy on the device (issue 26): they read the server on every visit,
 * so offline they show the offline notice (offline-route-notice.tsx) instead of a blank page or
 * a spinner. Every other private route works from the mirror or its own offline path (lists,
 * line forms, the task list, the check-in terminal, the home menu, the sync issues).
 */
const NETWORK_ONLY: Partial<Record<RouteName, PageKey>> = {
  bi: "bi",
  indicators: "indicators",
  users: "users",
  "add-user": "user",
  "dock-settings": "dock-settings",
  "import-export": "import-export",
  integrations: "integrations",
};

/** The page's title key when the route needs the network, else null. */
export function networkOnlyPage(route: RouteName): PageKey | null {
  return NETWORK_ONLY[route] ?? null;
}
