import { createFileRoute, Outlet, redirect } from "@tanstack/react-router";
import styles from "../features/shell/app-layout.module.css";
import { TopBar } from "../features/shell/top-bar";
import { guardPrivateRoute } from "../lib/session/guard";

/** Pathless layout of every private route: guard first, then the top bar and the page. */
export const Route = createFileRoute("/_app")({
  beforeLoad: async ({ location }) => {
    const decision = await guardPrivateRoute(location.pathname, location.href);
    if ("redirect" in decision) throw redirect({ href: decision.redirect, replace: true });
  },
  component: AppLayout,
});

function AppLayout() {
  return (
    <div className={styles.layout}>
      <TopBar />
      <main id="main" className={styles.main}>
        <Outlet />
      </main>
    </div>
  );
}
