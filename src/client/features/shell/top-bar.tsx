import { Trans } from "@lingui/react/macro";
import { Link } from "@tanstack/react-router";
import { useSession } from "../../lib/session/use-session";
import { InstallButton } from "./install-button";
import { SyncIndicator } from "./sync-indicator";
import { visibleTabs } from "./tabs";
import styles from "./top-bar.module.css";
import { TopBarTabs } from "./top-bar-tabs";
import { UserMenu } from "./user-menu";

/**
 * Top bar of the private pages (spec section 2): tabs, sync state, greeting and User Config,
 * always on one row (TopBarTabs gives way when the room runs short).
 */
export function TopBar() {
  const session = useSession();
  const tabs = visibleTabs(session);
  const name = session.user?.username ?? "";
  return (
    <header className={styles.bar}>
      <Link to="/dashboard" className={styles.brand} aria-label="Yardline">
        <img src="/icons/icon-192.png" alt="" />
        <span className={styles.brandName} aria-hidden="true">
          Yardline
        </span>
      </Link>
      {tabs.length > 0 ? <TopBarTabs tabs={tabs} /> : <span className={styles.spacer} />}
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
