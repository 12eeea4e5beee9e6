import { CatchBoundary, Outlet, useLocation } from "@tanstack/react-router";
import { KioskPageError } from "./kiosk-page-error";

/**
 * The page area of the kiosk layout. A failing page is caught here, below the layout, so the
 * rotation, wake lock and menu keep running; a new location clears the error.
 */
export function KioskOutlet() {
  const href = useLocation({ select: (location) => location.href });
  return (
    <CatchBoundary getResetKey={() => href} errorComponent={KioskPageError}>
      <Outlet />
    </CatchBoundary>
  );
}
