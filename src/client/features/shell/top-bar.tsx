import { Trans, useLingui } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/session/use-session";
import { PAGE_TITLES } from "../../ui/page-titles";
import { InstallButton } from "./install-button";
import { SyncIndicator } from "./sync-indicator";
import { visibleTabs } from "./tabs";
import styles from "./top-bar.module.css";
import { UserMenu } from "./user-menu";

/** Top bar of the private pages (spec section 2): greeting, tabs, User Config menu. */
export function TopBar() {
  const { i18n, t } = useLingui();
  const session = useSession();
  const tabs = visibleTabs(session);
  const name = session.user?.username ?? "";
  return (
    <header className={styles.bar}>
      <Link to="/dashboard" className={styles.brand} aria-label="Yardline">
        <img src="/icons/icon-192.png" alt="" />
        <span aria-hidden="true">Yardline</span>
      </Link>
      {tabs.length > 0 && (
        <nav className={styles.nav} aria-label={t`Main`}>
          <ul className={styles.tabs}>
            {tabs.map((tab) => (
              <li key={tab.key}>
                <Link to={tab.to} className={styles.tab}>
                  {i18n._(PAGE_TITLES[tab.key])}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
      )}
      <div className={styles.end}>
        <SyncIndicator />
        <InstallButton />
        <p className={styles.greeting}>
          <Trans>Hi, {name}</Trans>
        </p>
        <UserMenu />
      </div>
    </header>
  );
}
