/**
 * Private routes of both spec documents with the route names the guard rules use.
 * Paths are TanStack-style; `$id` is an optional id segment.
 */
export const ROUTE_NAMES = [
  "dashboard",
  "trucks",
  "trucks-sign-up",
  "expeditions",
  "add-expedition",
  "receptions",
  "add-reception",
  "critical-lines",
  "add-critical-line",
  "bi",
  "indicators",
  "alerts",
  "users",
  "add-user",
  "truck-system",
  "task-list",
  "sync-issues",
  "board",
  "dock-settings",
  "import-export",
  "integrations",
] as const;

export type RouteName = (typeof ROUTE_NAMES)[number];

/** Path of each route without its optional id. */
export const ROUTE_PATHS = {
  dashboard: "/dashboard",
  trucks: "/trucks",
  "trucks-sign-up": "/truck",
  expeditions: "/expeditions",
  "add-expedition": "/expedition",
  receptions: "/receptions",
  "add-reception": "/reception",
  "critical-lines": "/critical-lines",
  "add-critical-line": "/critical-line",
  bi: "/bi",
  indicators: "/indicators",
  alerts: "/alerts",
  users: "/users",
  "add-user": "/user",
  "truck-system": "/truck-system",
  "task-list": "/task-list",
  "sync-issues": "/sync-issues",
  board: "/board",
  "dock-settings": "/dock-settings",
  "import-export": "/import-export",
  integrations: "/integrations",
} as const satisfies Record<RouteName, string>;

export interface RouteTarget {
  name: RouteName;
  /** Present for detail routes such as /truck/12. */
  id?: string;
}

/** Resolves a pathname to a private route, or null for public or unknown paths. */
export function routeFromPath(pathname: string): RouteTarget | null {
  const [first = "", second, ...rest] = pathname.split("/").filter(Boolean);
  if (rest.length > 0) return null;
  for (const name of ROUTE_NAMES) {
    if (ROUTE_PATHS[name] === `/${first}`) {
      return second === undefined ? { name } : { name, id: second };
    }
  }
  return null;
}

/** Routes whose names hide the top bar and greeting (spec section 2). */
export const PUBLIC_PAGE_PATHS = [
  "/",
  "/product",
  "/terms-conditions",
  "/privacy-policy",
  "/contact",
];

/** Rotating kiosk page order (spec section 9). */
export const KIOSK_ROTATION: readonly RouteName[] = [
  "trucks",
  "expeditions",
  "receptions",
  "indicators",
  "alerts",
  "critical-lines",
];
