import { createFileRoute, Outlet, redirect, useLocation } from "@tanstack/react-router";
import { isKioskUser } from "../../shared/roles";
import { routeFromPath } from "../../shared/routes";
import { KioskLayout } from "../features/kiosk/kiosk-layout";
import styles from "../features/shell/app-layout.module.css";
import { NetworkDot } from "../features/shell/network-dot";
import { networkOnlyPage } from "../features/shell/network-only-routes";
import { OfflineRouteNotice } from "../features/shell/offline-route-notice";
import { TopBar } from "../features/shell/top-bar";
import { useSyncEngine } from "../features/shell/use-sync-engine";
import { UserMenu } from "../features/shell/user-menu";
import { guardPrivateRoute } from "../lib/session/guard";
import { useSession } from "../lib/session/use-session";
import { onlineAtom, useAtomValue } from "../lib/store";
import { useLiveSync } from "../offline/use-live-sync";

/** Pathless layout of every private route: guard first, then the top bar and the page. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ location }) => {
    const decision = await guardPrivateRoute(location.pathname, location.href);
    if ("redirect" in decision) throw redirect({ href: decision.redirect, replace: true });
  },
  component: AppLayout,
});

function AppLayout() {
  useSyncEngine();
  useLiveSync();
  const { roles } = useSession();
  const online = useAtomValue(onlineAtom);
  const route = routeFromPath(useLocation({ select: (location) => location.pathname }));
  // A page with no copy on the device says so offline, rather than a blank or a spinner.
  const offlinePage = !online && route ? networkOnlyPage(route.name) : null;
  // Kiosk roles get their own rotating wall layout (spec sections 4 and 9): a compact bar of
  // labels, no links, User Config behind a faint long-press corner button.
  if (isKioskUser(roles)) {
    return <KioskLayout menu={<UserMenu variant="kiosk" />} status={<NetworkDot />} />;
  }
  return (
    <div className={styles.layout}>
      <TopBar />
      <main id="main" className={styles.main}>
        {offlinePage ? <OfflineRouteNotice page={offlinePage} /> : <Outlet />}
      </main>
    </div>
  );
}
